import Foundation

/// The outcome of a two-sided Wilcoxon signed-rank test.
package struct SignedRankResult: Sendable, Equatable {
    /// W+: the sum of the ranks of the positive differences (zeros dropped, ties by average rank).
    package var positiveRankSum: Double
    /// The differences that were not zero: the test's sample size.
    package var count: Int
    /// Two-sided p-value; 1 when no difference is non-zero.
    package var pValue: Double
    /// Whether `pValue` comes from the exact null distribution (no ties among the non-zero
    /// differences, at most ``SignedRankTest/exactLimit`` of them) rather than the normal
    /// approximation with tie and continuity corrections.
    package var exact: Bool
}

/// The Wilcoxon signed-rank test: is the median of paired differences zero?
///
/// `ab` tests each metric's per-pair log ratios with it: it needs no normality, and one block the
/// machine spoiled moves it by one rank, where it would drag a t-test's mean.
package enum SignedRankTest {
    /// The largest sample for which the exact distribution is used (its counts stay exact in a
    /// `Double` well beyond this).
    package static let exactLimit = 60

    /// Tests whether `differences` are centred on zero (two-sided).
    package static func test(_ differences: [Double]) -> SignedRankResult {
        let nonZero = differences.filter { $0 != 0 && !$0.isNaN }
        let n = nonZero.count
        guard n > 0 else { return SignedRankResult(positiveRankSum: 0, count: 0, pValue: 1, exact: true) }
        let ranked = MannWhitney.ranks(nonZero.map(\.magnitude))
        let positive = zip(nonZero, ranked.ranks).reduce(0.0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
        let total = Double(n * (n + 1)) / 2
        if ranked.tieTerm == 0, n <= exactLimit {
            let tail = Int(min(positive, total - positive).rounded(.down))
            let p = min(1, 2 * exactCDF(tail, n))
            return SignedRankResult(positiveRankSum: positive, count: n, pValue: p, exact: true)
        }
        let mean = total / 2
        let variance = Double(n * (n + 1) * (2 * n + 1)) / 24 - ranked.tieTerm / 48
        guard variance > 0 else {
            return SignedRankResult(positiveRankSum: positive, count: n, pValue: 1, exact: false)
        }
        let z = max(abs(positive - mean) - 0.5, 0) / variance.squareRoot()
        return SignedRankResult(
            positiveRankSum: positive,
            count: n,
            pValue: min(1, erfc(z / 2.0.squareRoot())),
            exact: false
        )
    }

    /// P(W+ <= w) under the null hypothesis for `n` non-zero differences without ties: each rank
    /// 1...n is positive or not with probability 1/2, so the counts are the coefficients of
    /// `prod_{i=1..n} (1 + q^i)`.
    package static func exactCDF(_ w: Int, _ n: Int) -> Double {
        guard w >= 0 else { return 0 }
        let top = n * (n + 1) / 2
        guard w < top else { return 1 }
        var counts = [Double](repeating: 0, count: top + 1)
        counts[0] = 1
        var reached = 0
        for rank in 1...n {
            reached += rank
            for sum in stride(from: reached, through: rank, by: -1) { counts[sum] += counts[sum - rank] }
        }
        return counts[0...w].reduce(0, +) / pow(2, Double(n))
    }
}
