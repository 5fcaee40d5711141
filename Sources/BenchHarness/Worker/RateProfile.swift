/// The open loop's target rate over the run, as the cumulative number of arrivals Λ(t) since t0
/// (the start of the warm-up): piecewise linear in the rate, so Λ is piecewise quadratic, and its
/// inverse gives every request's intended start.
///
/// Arrival `x` (a real number of requests; the `j`-th request of the schedule is `x = j`) is due at
/// the first instant the target has delivered more than `x` requests: `t(x) = inf { t : Λ(t) > x }`.
/// With a constant rate R that is `x / R`, computed as `x * (1e9 / R)` nanoseconds, so any process
/// that derives a request's time from its index `j` finds the same bits; a segment of zero rate
/// delivers nothing, so no arrival falls in it. After its last segment the profile holds its last
/// rate (zero: no arrival is ever due again, `time` is infinite).
package struct RateProfile: Sendable, Equatable {
    /// One stretch of linearly changing rate, from `startNanos` (after t0) for `lengthNanos`.
    struct Segment: Sendable, Equatable {
        /// Where it starts, nanoseconds after t0 (an integer).
        var startNanos: Double
        /// Its length in nanoseconds; infinite for the last segment.
        var lengthNanos: Double
        /// Λ at its start and at its end (infinite at the end of a last segment of nonzero rate).
        var startCount: Double
        var endCount: Double
        /// The rate at its start, requests/s, and its change, requests/s per second.
        var rate: Double
        var slope: Double
        /// 1e9 / rate when the rate is constant and nonzero: nanoseconds per request.
        var period: Double
    }

    /// The segments in time order, the last unbounded.
    let segments: [Segment]

    /// A constant `rate` (requests/s, > 0) from t0 on.
    package static func constant(_ rate: Double) -> RateProfile {
        RateProfile(segments: [
            Segment(
                startNanos: 0,
                lengthNanos: .infinity,
                startCount: 0,
                endCount: .infinity,
                rate: rate,
                slope: 0,
                period: 1e9 / rate
            )
        ])
    }

    /// The profile of `stages` after a warm-up of `warmupMillis` at the stages' start rate: k6's
    /// ramping arrival rate, from 0 requests/s, each stage ramping linearly from the previous
    /// stage's rate to its own over its duration (a stage of duration 0 is a step), and the last
    /// rate held after the stages.
    package init(stages: [RampStage], warmupMillis: Int64) {
        var built: [Segment] = []
        var millis: Int64 = 0
        var count = 0.0
        var rate = stages.startRate
        func append(_ length: Int64, to target: Double) {
            // Λ over the segment as (r0 + r1) / 2 * length, dividing last: whole figures stay whole.
            let delivered = (rate + target) * Double(length) / 2_000
            let slope = (target - rate) * 1_000 / Double(length)
            built.append(
                Segment(
                    startNanos: Double(millis) * 1e6,
                    lengthNanos: Double(length) * 1e6,
                    startCount: count,
                    endCount: count + delivered,
                    rate: rate,
                    slope: slope,
                    period: slope == 0 && rate > 0 ? 1e9 / rate : 0
                )
            )
            millis += length
            count += delivered
            rate = target
        }
        if warmupMillis > 0 { append(warmupMillis, to: rate) }
        for stage in stages {
            if stage.durationMillis == 0 { rate = stage.rate } else { append(stage.durationMillis, to: stage.rate) }
        }
        built.append(
            Segment(
                startNanos: Double(millis) * 1e6,
                lengthNanos: .infinity,
                startCount: count,
                endCount: rate > 0 ? .infinity : count,
                rate: rate,
                slope: 0,
                period: rate > 0 ? 1e9 / rate : 0
            )
        )
        self.init(segments: built)
    }

    private init(segments: [Segment]) {
        self.segments = segments
    }

    /// The target rate at `nanos` after t0, requests/s.
    package func rate(atNanos nanos: Double) -> Double {
        let segment = segments.last { $0.startNanos <= nanos } ?? segments[0]
        return segment.rate + segment.slope * min(nanos - segment.startNanos, segment.lengthNanos) / 1e9
    }

    /// Λ: the arrivals the target delivers from t0 to `nanos` after it.
    package func cumulative(atNanos nanos: Double) -> Double {
        let segment = segments.last { $0.startNanos <= nanos } ?? segments[0]
        let seconds = min(nanos - segment.startNanos, segment.lengthNanos) / 1e9
        return segment.startCount + segment.rate * seconds + segment.slope * seconds * seconds / 2
    }

    /// When arrival `x` is due, nanoseconds after t0 (infinite when the target never delivers it).
    /// `segment` is a hint that only moves forward: a schedule asks for increasing `x`, so finding
    /// the segment costs nothing per request once it is found.
    @inline(__always)
    package func time(ofArrival x: Double, segment index: inout Int) -> Double {
        while index < segments.count && !(x < segments[index].endCount) { index += 1 }
        guard index < segments.count else { return .infinity }
        let segment = segments[index]
        let due = x - segment.startCount
        if due <= 0 { return segment.startNanos }
        if segment.slope == 0 { return segment.startNanos + due * segment.period }
        // Λ(s) = r s + slope s² / 2 = due, solved in the form that keeps its precision for a
        // small slope: s = 2 due / (r + sqrt(r² + 2 slope due)).
        let root = max(0, segment.rate * segment.rate + 2 * segment.slope * due).squareRoot()
        let seconds = 2 * due / (segment.rate + root)
        return min(segment.startNanos + seconds * 1e9, segment.startNanos + segment.lengthNanos)
    }
}
