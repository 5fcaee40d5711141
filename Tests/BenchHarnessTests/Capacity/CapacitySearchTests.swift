import BenchHarness
import Testing

@Suite("Capacity search")
struct CapacitySearchTests {
    /// A runner that passes below `threshold` (requests/s).
    static func below(_ threshold: Double) -> (Double) -> Bool { { $0 < threshold } }

    @Test(arguments: [7_300.0, 950.0, 12_345.0, 501.0])
    func theKneeBracketsTheThresholdWithinThePrecision(threshold: Double) {
        var search = CapacitySearch(.init(startRate: 500, precision: 0.05, repeats: 2))
        let outcome = search.run(Self.below(threshold))
        guard case .knee(let lower, let upper?) = outcome else {
            Issue.record("no bracketed knee: \(outcome)")
            return
        }
        #expect(lower < threshold && threshold <= upper)
        #expect((upper - lower) / lower <= 0.05)
        // Every run at the knee's lower bound passed; the upper bound failed.
        #expect(search.trials.filter { $0.rate == lower }.allSatisfy { $0.passed })
        #expect(search.trials.contains { $0.rate == upper && !$0.passed })
    }

    @Test func theRatesTriedDoubleThenBisectThenRepeatTheKnee() {
        var search = CapacitySearch(.init(startRate: 500, precision: 0.05, repeats: 2))
        let outcome = search.run(Self.below(7_300))
        #expect(
            search.trials.map(\.rate) == [500, 1_000, 2_000, 4_000, 8_000, 6_000, 7_000, 7_500, 7_250, 7_250, 7_500]
        )
        #expect(outcome == .knee(lower: 7_250, upper: 7_500))
        #expect(search.nextRate == nil)
    }

    @Test func oneRepeatMeansNoRerun() {
        var search = CapacitySearch(.init(startRate: 500, precision: 0.05, repeats: 1))
        _ = search.run(Self.below(7_300))
        #expect(Set(search.trials.map(\.rate)).count == search.trials.count)
        var three = CapacitySearch(.init(startRate: 500, precision: 0.05, repeats: 3))
        _ = three.run(Self.below(7_300))
        #expect(three.trials.filter { $0.rate == 7_250 }.count == 3)
        #expect(three.trials.filter { $0.rate == 7_500 }.count == 3)
    }

    @Test func theSameVerdictsGiveTheSameRates() {
        var first = CapacitySearch(.init(startRate: 300, precision: 0.02, repeats: 2))
        var second = CapacitySearch(.init(startRate: 300, precision: 0.02, repeats: 2))
        #expect(first.run(Self.below(4_321)) == second.run(Self.below(4_321)))
        #expect(first.trials == second.trials)
        #expect(first.trials.count > 5)
    }

    @Test func aFailAtTheStartRateEndsAtOnce() {
        var search = CapacitySearch(.init(startRate: 500))
        let outcome = search.run { _ in false }
        #expect(outcome == .failedAtStart(rate: 500))
        #expect(search.trials.map(\.rate) == [500])
    }

    @Test func theStartRateFailingWhenRepeatedIsAFailAtStart() {
        // A precision of 100% leaves 500...1,000 unbisected, so the repeat at 500 comes next.
        var search = CapacitySearch(.init(startRate: 500, precision: 1, repeats: 2))
        var runs = 0
        // Passes once at 500, fails at 1,000; the repeat at 500 fails.
        let outcome = search.run { rate in
            runs += 1
            return rate == 500 && runs == 1
        }
        #expect(outcome == .failedAtStart(rate: 500))
        #expect(search.trials.map(\.rate) == [500, 1_000, 500])
    }

    @Test func aNoisyFailAtAPassingRateMovesTheKneeBelowIt() {
        var search = CapacitySearch(.init(startRate: 500, precision: 0.05, repeats: 2))
        var runsAt7250 = 0
        // Passes below 7,300, except that the second run at 7,250 fails.
        let outcome = search.run { rate in
            if rate == 7_250 { runsAt7250 += 1 }
            return rate < 7_300 && !(rate == 7_250 && runsAt7250 == 2)
        }
        #expect(runsAt7250 >= 2)
        guard case .knee(let lower, let upper?) = outcome else {
            Issue.record("no bracketed knee: \(outcome)")
            return
        }
        #expect(upper == 7_250)
        #expect(lower < 7_250 && (upper - lower) / lower <= 0.05)
        #expect(search.trials.filter { $0.rate == lower }.count >= 2)
        #expect(search.trials.filter { $0.rate == lower }.allSatisfy { $0.passed })
    }

    @Test func theMaxRateCapsTheGrowthAndEndsTheSearchWhenItPasses() {
        var search = CapacitySearch(.init(startRate: 500, repeats: 2, maxRate: 1_500))
        let outcome = search.run { _ in true }
        #expect(search.trials.map(\.rate) == [500, 1_000, 1_500, 1_500])
        #expect(outcome == .knee(lower: 1_500, upper: nil))
    }

    @Test func theStepLimitStopsARunnerThatNeverFails() {
        var search = CapacitySearch(.init(startRate: 1, maxSteps: 10))
        let outcome = search.run { _ in true }
        #expect(search.trials.count == 10)
        #expect(outcome == .knee(lower: 512, upper: nil))
    }
}
