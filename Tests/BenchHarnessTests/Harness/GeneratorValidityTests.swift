import BenchHarness
import HDRHistogram
import TestSupport
import Testing

/// The generator's validity rules on given figures: the achieved rate and the start lag p99
/// against the scenario's bound (no run, no clock).
@Suite("Validity: the generator kept its schedule")
struct GeneratorValidityTests {
    /// 1,000 sends: `late` of them `lagNanos` late, the others 1 µs.
    static func startLag(late: UInt64, lagNanos: UInt64) -> HDRHistogram {
        var histogram = HDRHistogram()
        if late < 1_000 { histogram.record(1_000, count: 1_000 - late) }
        if late > 0 { histogram.record(lagNanos, count: late) }
        return histogram
    }

    /// The reasons for a run of 1,000 requests in 1 s at 1,000 requests/s (on target).
    static func reasons(
        bound micros: Int64?,
        _ startLag: HDRHistogram?,
        loop: Scenario.Loop = .open(rate: 1_000)
    )
        -> [String]
    {
        var scenario = Scenario.with {
            $0.loop = loop
        }
        scenario.maxStartLagMicros = micros
        return Validity.generatorReasons(scenario: scenario, requests: 1_000, durationSeconds: 1, startLag: startLag)
    }

    @Test(
        "A start lag p99 within the bound is valid",
        arguments: [
            (Int64(5_000), UInt64(0), UInt64(0)),  // no lag at all
            (5_000, 10, 50_000_000),  // 1% late by 50 ms: the p99 is still 1 µs
            (5_000, 20, 4_990_000),  // 2% late, just within the bound
        ]
    )
    func withinTheBound(bound: Int64, late: UInt64, lagNanos: UInt64) {
        #expect(Self.reasons(bound: bound, Self.startLag(late: late, lagNanos: lagNanos)).isEmpty)
    }

    @Test(
        "A start lag p99 above the bound is invalid, and the reason names both",
        arguments: [
            (Int64(5_000), UInt64(20), UInt64(12_300_000), "12.3ms", "5.00ms"),
            (500, 11, 501_000, "501µs", "500µs"),
            (10_000, 1_000, 2_000_000_000, "2.00s", "10.0ms"),
        ]
    )
    func aboveTheBound(bound: Int64, late: UInt64, lagNanos: UInt64, p99: String, shownBound: String) throws {
        let reasons = Self.reasons(bound: bound, Self.startLag(late: late, lagNanos: lagNanos))
        let reason = try #require(reasons.first)
        #expect(reasons.count == 1)
        #expect(
            reason == "start lag p99 \(p99) exceeds --max-start-lag \(shownBound): the load generator, not the "
                + "code under test, fell behind (a busy machine, a worker blocked in a call, or too few --threads for the rate)"
        )
    }

    @Test("No bound, no start lag recorded, or a closed loop: the start lag is not judged")
    func notJudged() {
        let late = Self.startLag(late: 500, lagNanos: 1_000_000_000)
        #expect(Self.reasons(bound: nil, late).isEmpty)
        #expect(Self.reasons(bound: 1, nil).isEmpty)
        #expect(Self.reasons(bound: 1, HDRHistogram()).isEmpty)
        #expect(Self.reasons(bound: 1, late, loop: .closed).isEmpty)
    }

    @Test("Both rules report together: a rate below 99% and a late start")
    func bothRules() {
        var scenario = Scenario.with {
            $0.loop = .open(rate: 2_000)
        }
        scenario.maxStartLagMicros = 1_000
        let reasons = Validity.generatorReasons(
            scenario: scenario,
            requests: 1_000,
            durationSeconds: 1,
            startLag: Self.startLag(late: 100, lagNanos: 20_000_000)
        )
        #expect(reasons.count == 2)
        #expect(reasons.first?.hasPrefix("achieved 1000 requests/s, below 99% of the target 2000/s") == true)
        #expect(reasons.last?.hasPrefix("start lag p99 20.0ms exceeds --max-start-lag 1.00ms") == true)
    }
}
