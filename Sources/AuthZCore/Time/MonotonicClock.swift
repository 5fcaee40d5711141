#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds: for intervals (stage durations, sends
/// and completions, pacing), never for dates (``WallClock``).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    ///
    /// Inlined into its callers: the hot path's stage timing reads it twice per observed stage.
    @inlinable @inline(__always)
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
