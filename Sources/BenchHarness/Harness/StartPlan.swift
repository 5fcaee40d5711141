import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A synchronised start (`run --start-at TIME`): the process sets up, then waits until `TIME`, which
/// becomes t0 (the start of the warm-up), so that shards on hosts with synchronised clocks start
/// within a few milliseconds of each other.
///
/// The wait sleeps on the wall clock (the one hosts agree on) and then maps the target onto the
/// monotonic clock the workers run on: `t0 = monotonic now + (target - wall now)`. A process ready
/// only after `TIME + grace` has missed the start: it reports ``MissedStart`` and runs nothing.
package struct StartPlan: Sendable, Equatable {
    /// The start, nanoseconds since the Unix epoch (UTC).
    package var epochNanos: Int64
    /// How late a process may be ready and still start.
    package var graceNanos: Int64

    /// A plan from its values.
    package init(epochNanos: Int64, graceNanos: Int64 = 2_000_000_000) {
        self.epochNanos = epochNanos
        self.graceNanos = graceNanos
    }

    /// The start as Unix epoch milliseconds (rounded down).
    package var epochMillis: Int64 { epochNanos >= 0 ? epochNanos / 1_000_000 : (epochNanos - 999_999) / 1_000_000 }

    /// Why a `--start-at` time was refused.
    package enum TimeError: Error, Sendable, Equatable {
        /// Not RFC 3339 UTC nor epoch milliseconds.
        case malformed
        /// Well formed, but outside ``schedulable`` (nanoseconds since the epoch must fit 64 bits).
        case outOfRange
    }

    /// The instants a start may name: from the Unix epoch to the last second whose nanoseconds
    /// since the epoch fit a signed 64-bit integer. Earlier times would be missed starts anyway;
    /// later ones cannot be counted in nanoseconds.
    package static let schedulable =
        "1970-01-01T00:00:00Z to 2262-04-11T23:47:16Z (epoch milliseconds 0 to 9223372036854)"

    /// Parses `--start-at`: RFC 3339 UTC (`2026-11-23T19:00:00Z`, optionally with fractional
    /// seconds, `Z` or `+00:00`) or Unix epoch milliseconds (`1795460400000`); nil when malformed
    /// or outside ``schedulable``.
    package static func parseTime(_ text: String) -> Int64? {
        try? parse(text).get()
    }

    /// Parses `--start-at` as ``parseTime(_:)`` does, saying why a time is refused.
    package static func parse(_ text: String) -> Result<Int64, TimeError> {
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let millis = Int64(text) else { return .failure(.outOfRange) }
            let (nanos, overflow) = millis.multipliedReportingOverflow(by: 1_000_000)
            return overflow ? .failure(.outOfRange) : .success(nanos)
        }
        guard let parsed = parseRFC3339(text) else { return .failure(.malformed) }
        guard let nanos = parsed, nanos >= 0 else { return .failure(.outOfRange) }
        return .success(nanos)
    }

    /// RFC 3339 UTC: nil when malformed, `.some(nil)` when well formed but its nanoseconds since
    /// the epoch do not fit 64 bits.
    private static func parseRFC3339(_ text: String) -> Int64?? {
        var rest = Substring(text)
        var suffixed = false
        for suffix in ["Z", "z", "+00:00"] where rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            suffixed = true
            break
        }
        guard suffixed else { return nil }
        let parts = rest.split(separator: "T", omittingEmptySubsequences: false)
        let alternate = rest.split(separator: "t", omittingEmptySubsequences: false)
        let pieces = parts.count == 2 ? parts : alternate
        guard pieces.count == 2 else { return nil }
        let date = pieces[0].split(separator: "-", omittingEmptySubsequences: false)
        var time = pieces[1]
        var fractionNanos: Int64 = 0
        if let dot = time.firstIndex(of: ".") {
            let digits = time[time.index(after: dot)...]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int64(digits)
            else { return nil }
            var scale: Int64 = 1
            for _ in digits.count..<9 { scale *= 10 }
            fractionNanos = value * scale
            time = time[..<dot]
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        func number(_ piece: Substring, digits: Int) -> Int64? {
            guard piece.count == digits, piece.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(piece)
        }
        guard date.count == 3, clock.count == 3,
            let year = number(date[0], digits: 4), let month = number(date[1], digits: 2),
            let day = number(date[2], digits: 2), let hour = number(clock[0], digits: 2),
            let minute = number(clock[1], digits: 2), let second = number(clock[2], digits: 2),
            hour < 24, minute < 60, second < 60
        else { return nil }
        // The calendar checks the date (no 29 February 2026) and counts the days; the fraction is
        // added here, to the nanosecond, which `Date` would round.
        let components = DateComponents(year: Int(year), month: Int(month), day: Int(day))
        guard components.isValidDate(in: utcCalendar), let midnight = utcCalendar.date(from: components) else {
            return nil
        }
        let days = Int64((midnight.timeIntervalSince1970 / 86_400).rounded())
        // Days from year 1 to 9999 fit easily; their nanoseconds need not: checked, never trapped.
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .some(nil) }
        let (total, beyond) = nanos.addingReportingOverflow(fractionNanos)
        return beyond ? .some(nil) : .some(total)
    }

    /// The proleptic Gregorian calendar in UTC.
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// The wall clock (`CLOCK_REALTIME`), nanoseconds since the Unix epoch.
    package static func wallNanos() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Throws ``MissedStart`` when a process ready at wall time `nowNanos` is later than the grace allows.
    package func check(nowNanos: Int64 = StartPlan.wallNanos()) throws(MissedStart) {
        // Saturated: a plan built from any two values (not only parsed ones) must not trap here.
        let (difference, overflow) = nowNanos.subtractingReportingOverflow(epochNanos)
        let late = overflow ? (nowNanos < epochNanos ? Int64.min : .max) : difference
        if late > graceNanos { throw MissedStart(plan: self, lateNanos: late) }
    }

    /// Sleeps on the wall clock until shortly before the start, then returns the start on the
    /// monotonic clock whose reading is `monotonicNow()` (`t0`; in the past by at most the grace
    /// when the process was ready late, so that every shard's schedule stays aligned). A stop
    /// requested meanwhile (`stop`: a SIGTERM to a pod waiting for its start) ends the wait: the
    /// start is now, and the load it starts ends at once.
    package func waitAndMap(stop: StopRequest? = nil, monotonicNow: () -> UInt64) -> UInt64 {
        // Sleep in slices, re-reading the wall clock: a step of the clock (NTP) is followed.
        while true {
            if stop?.isRequested == true { return monotonicNow() }
            let remaining = epochNanos - Self.wallNanos()
            if remaining <= 2_000_000 { break }
            let slice = min(remaining - 1_000_000, 200_000_000)
            var request = timespec(tv_sec: Int(slice / 1_000_000_000), tv_nsec: Int(slice % 1_000_000_000))
            _ = nanosleep(&request, nil)
        }
        // The last stretch is the workers' own wait for t0 on the monotonic clock.
        let wall = Self.wallNanos()
        let monotonic = monotonicNow()
        let offset = epochNanos - wall
        return offset >= 0 ? monotonic &+ UInt64(offset) : monotonic &- min(UInt64(-offset), monotonic)
    }
}

/// A process was ready only after its synchronised start plus the grace: it runs nothing and writes
/// nothing (exit 3 in `authz-bench run`).
package struct MissedStart: Error, Sendable, Equatable {
    /// The start it missed.
    package var plan: StartPlan
    /// How late it was ready, nanoseconds.
    package var lateNanos: Int64

    /// One line: by how much it missed, and the grace.
    package var message: String {
        let late = Double(lateNanos) / 1e9
        let grace = Double(plan.graceNanos) / 1e9
        return "missed the synchronised start (--start-at): ready \(Self.seconds(late)) after it, beyond the grace of "
            + "\(Self.seconds(grace)) (--start-grace); nothing was run or written"
    }

    private static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded) s"
    }
}
