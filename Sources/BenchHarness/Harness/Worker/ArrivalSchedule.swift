import AuthZSimulation

/// One worker's intended start times, as offsets from the run's start t0 (nanoseconds): evenly
/// spaced (wrk2's schedule), or a Poisson process of the same mean rate (seeded exponential gaps).
///
/// Deterministic: the same plan gives the same offsets, so a test can count what a run scheduled.
package struct ArrivalSchedule: Sendable {
    private enum Gaps: Sendable {
        case uniform
        case poisson(SeededGenerator)
    }

    private var gaps: Gaps
    /// Nanoseconds between two requests (uniform), or the mean gap (Poisson).
    private let period: Double
    private let phase: Double
    private var index: Double = 0
    private var offset: Double = 0

    /// The schedule of `rate` requests/s. Uniform: the first request at `phase` (0..<1) of a period
    /// after t0, so that workers of equal rates interleave evenly. Poisson: the first after one
    /// exponential gap, drawn from `seed`'s `stream`.
    package init(arrivals: Scenario.Arrivals, rate: Double, phase: Double, seed: UInt64, stream: UInt64) {
        period = 1e9 / rate
        self.phase = phase
        switch arrivals {
        case .uniform: gaps = .uniform
        case .poisson: gaps = .poisson(SeededGenerator(seed: seed ^ 0xA221_7A15_0000_0000, stream: stream))
        }
    }

    /// The next intended start, nanoseconds after t0.
    @inline(__always)
    package mutating func next() -> UInt64 {
        switch gaps {
        case .uniform:
            // From the index, not by accumulation: no drift however long the run.
            let next = (phase + index) * period
            index += 1
            return UInt64(next)
        case .poisson(var generator):
            // 1 - u is in (0, 1]: the logarithm is finite.
            offset += -(1 - generator.unit()).logarithm * period
            gaps = .poisson(generator)
            return UInt64(offset)
        }
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
