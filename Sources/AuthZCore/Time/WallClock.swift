#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of wall-clock time, in milliseconds since the Unix epoch.
///
/// Token lifetimes are wall-clock quantities (`simpleTokenExpires`, `issueTime`), so validity checks
/// read a wall clock. Intervals (latencies) are never measured with it: the harness uses the
/// monotonic clock for those.
public protocol WallClock: Sendable {
    /// The current time in milliseconds since the Unix epoch.
    func nowMillis() -> Int64
}

/// The system's wall clock (`CLOCK_REALTIME`), read on every call.
public struct SystemClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current time in milliseconds since the Unix epoch.
    @inlinable
    public func nowMillis() -> Int64 {
        readClock(CLOCK_REALTIME)
    }
}

/// The coarse system wall clock (`CLOCK_REALTIME_COARSE`): a few nanoseconds to read, with the
/// resolution of the kernel tick (typically 1–4 ms), which is ample for token expiry.
public struct CoarseClock: WallClock {
    /// Creates the coarse system clock.
    public init() {}

    /// The current time in milliseconds since the Unix epoch, at the kernel tick's resolution.
    @inlinable
    public func nowMillis() -> Int64 {
        #if os(Linux)
        readClock(CLOCK_REALTIME_COARSE)
        #else
        readClock(CLOCK_REALTIME)
        #endif
    }
}

/// Reads `clock` and converts it to milliseconds since the Unix epoch.
@inlinable
func readClock(_ clock: clockid_t) -> Int64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Int64(ts.tv_sec) &* 1000 &+ Int64(ts.tv_nsec) / 1_000_000
}
