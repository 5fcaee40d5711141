import AuthZSimulation
import Foundation
import Testing

@testable import BenchResults

@Suite struct SignedRankTestTests {
    @Test(arguments: [(5, 2.0 / 32), (10, 2.0 / 1024), (1, 1.0)])
    func allPositiveDifferencesGiveTheSmallestExactP(count: Int, expected: Double) {
        let result = SignedRankTest.test((1...count).map { Double($0) / 10 })
        #expect(result.exact)
        #expect(result.count == count)
        #expect(abs(result.pValue - expected) < 1e-12)
    }

    @Test func zerosAreDroppedAndSymmetricDifferencesGiveOne() {
        let result = SignedRankTest.test([0, 0.1, -0.1, 0.2, -0.2, 0])
        #expect(result.count == 4)
        #expect(result.pValue > 0.99)
    }

    @Test func theExactDistributionSumsToOneAndIsSymmetric() {
        let n = 12
        let top = n * (n + 1) / 2
        #expect(SignedRankTest.exactCDF(top, n) == 1)
        for w in 0..<top {
            let below = SignedRankTest.exactCDF(w, n)
            let above = 1 - SignedRankTest.exactCDF(top - w - 1, n)
            #expect(abs(below - above) < 1e-12)
        }
    }

    @Test func theNormalApproximationAgreesWithTheExactTestOnALargeSample() {
        var generator = SeededGenerator(seed: 7)
        let differences = (0..<50).map { _ in generator.unit() - 0.4 }
        let exact = SignedRankTest.test(differences)
        let tied = SignedRankTest.test(differences + [differences[0]])
        #expect(exact.exact)
        #expect(!tied.exact)
        #expect(abs(exact.pValue - tied.pValue) < 0.05)
    }
}

@Suite struct PairedAnalysisTests {
    /// `pairs` pairs whose candidate is `factor` times the baseline, each side with its own noise.
    static func sample(_ metric: String, pairs: Int, factor: Double, noise: Double, seed: UInt64) -> PairedSample {
        var generator = SeededGenerator(seed: seed)
        var baseline: [Double] = []
        var candidate: [Double] = []
        for _ in 0..<pairs {
            let moment = 100 * (1 + 0.3 * generator.unit())
            baseline.append(moment * (1 + noise * (generator.unit() - 0.5)))
            candidate.append(moment * factor * (1 + noise * (generator.unit() - 0.5)))
        }
        return PairedSample(metric: metric, baseline: baseline, candidate: candidate)
    }

    @Test(arguments: [1.05, 1.10])
    func aShiftAboveTheNoiseIsARegressionWithItsSize(factor: Double) throws {
        let estimate = try #require(
            PairedAnalysis().analyse([Self.sample("check.inline.p50", pairs: 30, factor: factor, noise: 0.02, seed: 1)])
                .first
        )
        #expect(estimate.verdict == .regression)
        #expect(estimate.interval.contains(factor - 1))
        #expect(abs(estimate.change - (factor - 1)) < 0.01)
        #expect(estimate.detectable < factor - 1)
        #expect(estimate.detectable >= PairedAnalysis().floor)
    }

    @Test func theSameBuildOnBothSidesIsUnchanged() throws {
        let estimates = PairedAnalysis().analyse(
            (1...5).map { Self.sample("m\($0)", pairs: 30, factor: 1, noise: 0.05, seed: UInt64($0)) }
        )
        #expect(estimates.allSatisfy { $0.verdict == .unchanged })
    }

    @Test func aShiftBelowTheFloorIsNeverFlagged() throws {
        let estimate = try #require(
            PairedAnalysis().analyse([Self.sample("m", pairs: 60, factor: 1.005, noise: 0.0001, seed: 3)]).first
        )
        #expect(estimate.adjustedP < 0.01)
        #expect(estimate.verdict == .unchanged)
    }

    @Test func aLowerThroughputIsARegressionAndAFasterLatencyAnImprovement() throws {
        var throughput = Self.sample("throughput", pairs: 20, factor: 0.9, noise: 0.01, seed: 4)
        throughput.higherIsBetter = true
        let latency = Self.sample("get.inline.p50", pairs: 20, factor: 0.9, noise: 0.01, seed: 5)
        let estimates = PairedAnalysis().analyse([throughput, latency])
        #expect(estimates.map(\.verdict) == [.regression, .improvement])
    }

    @Test func tooFewPairsAreNotMeasuredAndLeaveTheCorrectionAlone() throws {
        let estimates = PairedAnalysis().analyse([
            Self.sample("few", pairs: 4, factor: 2, noise: 0.01, seed: 6),
            PairedSample(
                metric: "zero",
                baseline: Array(repeating: 0, count: 10),
                candidate: Array(repeating: 1, count: 10)
            ),
            Self.sample("many", pairs: 12, factor: 1.2, noise: 0.01, seed: 7),
        ])
        #expect(estimates.map(\.verdict) == [.notMeasured, .notMeasured, .regression])
        #expect(estimates[2].adjustedP == estimates[2].pValue)
    }

    @Test func moreNoiseMeansALargerDetectableChange() {
        let analysis = PairedAnalysis()
        let quiet = analysis.detectable(
            ratios: Self.sample("m", pairs: 30, factor: 1, noise: 0.02, seed: 8).logRatios,
            metrics: 4
        )
        let noisy = analysis.detectable(
            ratios: Self.sample("m", pairs: 30, factor: 1, noise: 0.2, seed: 8).logRatios,
            metrics: 4
        )
        let longer = analysis.detectable(
            ratios: Self.sample("m", pairs: 120, factor: 1, noise: 0.2, seed: 8).logRatios,
            metrics: 4
        )
        #expect(quiet < noisy)
        #expect(longer < noisy)
    }

    @Test func holmAdjustsInStepsAndKeepsTheOrder() {
        let adjusted = PairedAnalysis.holm([0.01, 0.04, 0.03, 0.005])
        #expect(adjusted.map { ($0 * 1e6).rounded() / 1e6 } == [0.03, 0.06, 0.06, 0.02])
    }

    @Test(arguments: [(0.5, 0.0), (0.975, 1.959963984540054), (0.8, 0.8416212335729143), (0.001, -3.090232306167814)])
    func normalQuantiles(p: Double, expected: Double) {
        #expect(abs(PairedAnalysis.normalQuantile(p) - expected) < 1e-9)
    }

    @Test func oneInputAlwaysGivesOneInterval() {
        let sample = Self.sample("m", pairs: 25, factor: 1.03, noise: 0.05, seed: 9)
        #expect(PairedAnalysis().analyse([sample]) == PairedAnalysis().analyse([sample]))
    }
}
