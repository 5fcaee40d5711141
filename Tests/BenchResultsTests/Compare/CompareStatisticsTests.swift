import BenchResults
import Testing

@Suite("compare statistics")
struct CompareStatisticsTests {
    // Hollander & Wolfe (1973), p. 69, the example of R's wilcox.test: W = 35, exact two-sided
    // p = 0.2544 (scipy.stats.mannwhitneyu gives the same; 0.2446 with the normal approximation).
    static let x = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46]
    static let y = [1.15, 0.88, 0.90, 0.74, 1.21]

    @Test func textbookExampleExact() {
        let result = MannWhitney.test(Self.x, Self.y)
        #expect(result.exact)
        #expect(result.u == 35)
        #expect(abs(result.pValue - 0.2544122544122544) < 1e-12)
    }

    @Test func textbookExampleNormalApproximation() {
        let result = MannWhitney.test(Self.x, Self.y, method: .normal)
        #expect(!result.exact)
        #expect(result.u == 35)
        #expect(abs(result.pValue - 0.24462360512698333) < 1e-9)
    }

    @Test func completeSeparationOfFiveAndFive() {
        let exact = MannWhitney.test([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
        #expect(exact.u == 0)
        #expect(abs(exact.pValue - 2.0 / 252) < 1e-12)
        let normal = MannWhitney.test([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], method: .normal)
        #expect(abs(normal.pValue - 0.012185780355344813) < 1e-9)
    }

    @Test func tiesUseTheCorrectedNormalApproximation() {
        // scipy.stats.mannwhitneyu(c, d, method='asymptotic'): U = 6.5, p = 0.014107907274540636.
        let result = MannWhitney.test([1, 2, 2, 3, 4, 4, 5], [3, 4, 5, 5, 6, 7, 7, 8])
        #expect(!result.exact)
        #expect(result.u == 6.5)
        #expect(abs(result.pValue - 0.014107907274540636) < 1e-9)
    }

    @Test func identicalSamplesHavePValueOne() {
        let result = MannWhitney.test([3, 3, 3, 3, 3], [3, 3, 3, 3, 3])
        #expect(result.pValue == 1)
        #expect(result.u == 12.5)
    }

    @Test(arguments: [(3, 4), (5, 5), (8, 6), (10, 10)])
    func exactDistributionSumsToOneAndIsSymmetric(m: Int, n: Int) {
        #expect(MannWhitney.exactCDF(m * n, m, n) == 1)
        #expect(MannWhitney.exactCDF(-1, m, n) == 0)
        // P(U <= k) = P(U >= mn - k) = 1 - P(U <= mn - k - 1).
        for k in 0..<(m * n) {
            let mirrored = 1 - MannWhitney.exactCDF(m * n - k - 1, m, n)
            #expect(abs(MannWhitney.exactCDF(k, m, n) - mirrored) < 1e-12)
        }
    }

    @Test func averageRanksAndTieTerm() {
        let ranked = MannWhitney.ranks([10, 20, 20, 30])
        #expect(ranked.ranks == [1, 2.5, 2.5, 4])
        #expect(ranked.tieTerm == 6)
    }

    @Test func medianOfOddAndEvenCounts() {
        #expect(Bootstrap.median([3, 1, 2]) == 2)
        #expect(Bootstrap.median([4, 1, 3, 2]) == 2.5)
        #expect(Bootstrap.median([]) == nil)
    }

    @Test func bootstrapIsDeterministicForASeed() throws {
        let base = [100.0, 102, 98, 101, 99, 103, 97]
        let candidate = [110.0, 111, 109, 108, 112, 113, 107]
        let first = try #require(Bootstrap.medianChangeInterval(baseline: base, candidate: candidate, seed: 7))
        let second = try #require(Bootstrap.medianChangeInterval(baseline: base, candidate: candidate, seed: 7))
        #expect(first == second)
        let other = try #require(Bootstrap.medianChangeInterval(baseline: base, candidate: candidate, seed: 8))
        #expect(other != first)
    }

    @Test func bootstrapIntervalContainsTheTrueShift() throws {
        // The candidate is the baseline shifted by +10% exactly: the median changes by +10%.
        let base = (0..<20).map { 1_000 + Double(($0 * 37) % 41) }
        let candidate = base.map { $0 * 1.10 }
        let interval = try #require(Bootstrap.medianChangeInterval(baseline: base, candidate: candidate))
        #expect(interval.contains(0.10))
        #expect(interval.lowerBound > 0.05 && interval.upperBound < 0.15)
        #expect(!interval.contains(0))
    }

    @Test func verdictsFollowDirectionThresholdAndSignificance() throws {
        let comparison = Comparison(threshold: 0.05)
        let latency = try #require(CompareMetric.parse("responseTime.p99"))
        let throughput = try #require(CompareMetric.parse("throughput"))
        let base = [100.0, 101, 99, 102, 98]
        #expect(comparison.compare(latency, baseline: base, candidate: base.map { $0 * 1.2 }).verdict == .regression)
        #expect(
            comparison.compare(throughput, baseline: base, candidate: base.map { $0 * 1.2 }).verdict == .improvement
        )
        #expect(comparison.compare(throughput, baseline: base, candidate: base.map { $0 * 0.8 }).verdict == .regression)
        // 20% worse in the median but overlapping samples: not significant, so unchanged.
        let noisy = comparison.compare(latency, baseline: [100, 300, 50, 120, 80], candidate: [120, 40, 310, 140, 90])
        #expect(try #require(noisy.pValue) >= 0.05)
        #expect(noisy.verdict == .unchanged)
        // A zero baseline has no relative change; growth from it is beyond any band.
        let fromZero = comparison.compare(latency, baseline: [0], candidate: [5])
        #expect(fromZero.change == nil && fromZero.verdict == .regression)
        #expect(ComparisonReport.signedPercent(fromZero.change) == "n/a")
    }
}
