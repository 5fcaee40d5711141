#if canImport(Glibc)
import Glibc
#endif

/// Waits until a monotonic instant: sleeps while the target is far, spins the last stretch, so the
/// start lag stays in the microseconds whatever the kernel's timer slack.
package enum Pacer {
    /// Below this remaining time the pacer spins, nanoseconds.
    package static let spinNanos: UInt64 = 100_000

    /// Returns at or just after `target` (monotonic nanoseconds); at once if it is past.
    ///
    /// - Returns: how many times it slept (0 when the target was near or past: it spun or
    ///   returned at once).
    @inline(__always) @discardableResult
    package static func wait(until target: UInt64) -> Int {
        var sleeps = 0
        while true {
            let now = MonotonicClock.nanoseconds()
            if now >= target { return sleeps }
            let remaining = target - now
            if remaining > 2 * spinNanos {
                sleep(nanoseconds: remaining - spinNanos)
                sleeps &+= 1
            }
        }
    }

    /// Sleeps at least `nanoseconds` (resumed after signals).
    package static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
