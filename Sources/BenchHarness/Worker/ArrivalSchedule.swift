import AuthZSimulation

/// One worker's intended start times, as offsets from the run's start t0 (nanoseconds): evenly
/// spaced (wrk2's schedule), or a Poisson process of the same rate (seeded exponential gaps).
///
/// A schedule is a lane of a rate profile (`RateProfile`): the profile numbers the arrivals of the
/// whole target, and the worker takes arrivals `laneOffset + stride * m + period * n` (m = 0 ..<
/// `run`, n = 0, 1, 2, ...: runs of `run` arrivals `stride` apart, one run every `period`), each
/// due at `profile.time(ofArrival:)`. One process's `a` workers of equal shares take lanes
/// `k + a * i` (a run of 1, `period` a); with unequal shares (`d_k` of `T` devices, dealt in turn)
/// worker `k` takes `k + a * m + T * n` for m below `d_k`; shard `s` of `N` sharing a total rate
/// takes the same lanes times `N`, plus `s`: together they take every arrival once, at the time one
/// process at the total rate would give it, to the bit. Poisson: the worker's arrivals are a
/// unit-rate Poisson process stretched by its mean gap (`period / run`), mapped through the profile
/// (an inhomogeneous Poisson process by time change when the rate varies).
///
/// Deterministic: the same plan gives the same offsets, so a test can count what a run scheduled.
package struct ArrivalSchedule: Sendable {
    private enum Gaps: Sendable {
        case uniform
        case poisson(SeededGenerator)
    }

    private var gaps: Gaps
    private let profile: RateProfile
    private let laneOffset: Double
    private let stride: Double
    private let run: Int
    private let period: Double
    /// Uniform: the next arrival's place in its run, and the run's number.
    private var inRun = 0
    private var runIndex: Double = 0
    /// Poisson: its last arrival (in the profile's arrivals).
    private var position: Double = 0
    /// Where in the profile the last arrival fell.
    private var segment = 0

    /// The lane `laneOffset + stride * m + period * n` (m below `run`) of `profile`; by default
    /// `laneOffset + stride * i`. Poisson: the first arrival after one exponential gap (of mean
    /// `period / run` arrivals), drawn from `seed`'s `stream`.
    package init(
        arrivals: Scenario.Arrivals,
        profile: RateProfile,
        laneOffset: Double,
        stride: Double,
        run: Int = 1,
        period: Double? = nil,
        seed: UInt64,
        stream: UInt64
    ) {
        self.profile = profile
        self.laneOffset = laneOffset
        self.stride = stride
        self.run = max(run, 1)
        self.period = period ?? stride
        switch arrivals {
        case .uniform: gaps = .uniform
        case .poisson: gaps = .poisson(SeededGenerator(seed: seed ^ 0xA221_7A15_0000_0000, stream: stream))
        }
    }

    /// The schedule of `rate` requests/s on its own: uniform, the first request at `phase`
    /// (0..<1) of a period after t0, so that workers of equal rates interleave evenly.
    package init(arrivals: Scenario.Arrivals, rate: Double, phase: Double, seed: UInt64, stream: UInt64) {
        self.init(
            arrivals: arrivals,
            profile: .constant(rate),
            laneOffset: phase,
            stride: 1,
            seed: seed,
            stream: stream
        )
    }

    /// The next intended start, nanoseconds after t0 (`UInt64.max` when the profile's rate fell
    /// to 0 for good: none is due any more).
    @inline(__always)
    package mutating func next() -> UInt64 {
        let arrival: Double
        switch gaps {
        case .uniform:
            // From the indexes, not by accumulation: no drift however long the run, and whole lane
            // figures give the whole arrival number exactly.
            arrival = laneOffset + stride * Double(inRun) + period * runIndex
            inRun += 1
            if inRun == run {
                inRun = 0
                runIndex += 1
            }
        case .poisson(var generator):
            // 1 - u is in (0, 1]: the logarithm is finite.
            position += -(1 - generator.unit()).logarithm * (period / Double(run))
            gaps = .poisson(generator)
            arrival = position
        }
        // To the nearest nanosecond, not truncated: an arrival due exactly on a boundary (the start
        // of the measured phase at j / R) stays on it when the product lands a hair below.
        let nanos = profile.time(ofArrival: arrival, segment: &segment).rounded()
        return nanos < 18_000_000_000_000_000_000 ? UInt64(nanos) : .max
    }

    /// How many of the offsets fall in `range` (drawing the schedule from the start).
    package static func count(_ schedule: ArrivalSchedule, in range: Range<UInt64>) -> Int {
        var schedule = schedule
        var count = 0
        while true {
            let offset = schedule.next()
            if offset >= range.upperBound { return count }
            if offset >= range.lowerBound { count += 1 }
        }
    }

    /// The offsets that fall in `range` (drawing the schedule from the start).
    package static func offsets(_ schedule: ArrivalSchedule, in range: Range<UInt64>) -> [UInt64] {
        var schedule = schedule
        var offsets: [UInt64] = []
        while true {
            let offset = schedule.next()
            if offset >= range.upperBound { return offsets }
            if offset >= range.lowerBound { offsets.append(offset) }
        }
    }
}

extension Double {
    /// The natural logarithm (Foundation-free).
    fileprivate var logarithm: Double {
        #if canImport(Glibc)
        Glibc.log(self)
        #else
        Darwin.log(self)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
