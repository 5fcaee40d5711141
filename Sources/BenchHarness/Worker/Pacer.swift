import AuthZCore

#if canImport(Glibc)
import Glibc
#endif

/// Waits until a monotonic instant: sleeps while the target is far, spins the last stretch, so the
/// start lag stays in the microseconds whatever the kernel's timer slack.
///
/// A worker's thread asks for a tight timer slack first (``tightenTimerSlack()``): a short sleep
/// then ends within about 10 µs of its deadline instead of 50 µs or more, so the pacer also sleeps
/// through gaps too short for the default slack (at 10,000 requests/s per worker, most of each
/// 100 µs gap), which leaves the cores to the upstream's completions. A long sleep still keeps
/// 100 µs of spin: waking from a long idle takes longer.
package enum Pacer {
    /// Below this remaining time the pacer spins after a long sleep, nanoseconds.
    package static let spinNanos: UInt64 = 100_000
    /// The spin after a short sleep (tight timer slack only), nanoseconds.
    package static let shortSpinNanos: UInt64 = 30_000
    /// The timer slack a worker's thread asks for, nanoseconds.
    package static let tightSlackNanos = 1_000

    /// Returns at or just after `target` (monotonic nanoseconds); at once if it is past.
    ///
    /// Sleeps until `spinNanos` before the target when more than twice that remains; with
    /// `tightSlack` (the thread's timer slack is ``tightSlackNanos``), a wait too short for that
    /// but longer than twice `shortSpinNanos` sleeps until `shortSpinNanos` before, once. Spins
    /// the rest.
    ///
    /// - Returns: how many times it slept (0 when the target was near or past: it spun or
    ///   returned at once).
    @inline(__always) @discardableResult
    package static func wait(until target: UInt64, tightSlack: Bool = false) -> Int {
        var sleeps = 0
        while true {
            let now = MonotonicClock.nanoseconds()
            if now >= target { return sleeps }
            let remaining = target - now
            if remaining > 2 * spinNanos {
                sleep(nanoseconds: remaining - spinNanos)
                sleeps &+= 1
            } else if tightSlack && sleeps == 0 && remaining > 2 * shortSpinNanos {
                sleep(nanoseconds: remaining - shortSpinNanos)
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

    /// Sets the calling thread's timer slack to ``tightSlackNanos`` (Linux: its own
    /// `/proc/<tid>/timerslack_ns`, which `prctl(PR_SET_TIMERSLACK)` would set but Swift cannot
    /// call). Returns whether it did; the thread keeps the default slack otherwise.
    @discardableResult
    package static func tightenTimerSlack() -> Bool {
        #if os(Linux)
        // `/proc/thread-self` links to `<pid>/task/<tid>`.
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        guard length > 0 else { return false }
        let path = String(decoding: link.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let tid = path.split(separator: "/").last else { return false }
        let file = open("/proc/\(tid)/timerslack_ns", O_WRONLY)
        guard file >= 0 else { return false }
        defer { close(file) }
        let value = Array("\(tightSlackNanos)".utf8)
        return write(file, value, value.count) == value.count
        #else
        return false
        #endif
    }
}
