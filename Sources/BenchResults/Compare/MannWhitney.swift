import Foundation

/// The outcome of a two-sided Mann-Whitney U test.
package struct MannWhitneyResult: Sendable, Equatable {
    /// U of the first sample: the number of pairs (x, y) with x > y, ties counting one half.
    package var u: Double
    /// Two-sided p-value.
    package var pValue: Double
    /// Whether `pValue` comes from the exact null distribution (no ties) rather than the normal
    /// approximation with tie and continuity corrections.
    package var exact: Bool
}

/// The Mann-Whitney U (Wilcoxon rank-sum) test: do two independent samples come from the same
/// distribution? Used by `compare` on repetitions of a metric.
package enum MannWhitney {
    /// How the p-value is computed.
    package enum Method: Sendable {
        /// Exact when there are no ties and both samples have at most `exactLimit` values, else normal.
        case automatic
        /// The exact null distribution (ties are ranked by their average rank anyway).
        case exact
        /// The normal approximation with tie correction and continuity correction.
        case normal
    }

    /// The largest sample size for which `.automatic` uses the exact distribution.
    package static let exactLimit = 25

    /// Tests `x` against `y` (two-sided); both must be non-empty.
    package static func test(_ x: [Double], _ y: [Double], method: Method = .automatic) -> MannWhitneyResult {
        precondition(!x.isEmpty && !y.isEmpty, "Mann-Whitney U needs two non-empty samples")
        let n1 = x.count
        let n2 = y.count
        let ranked = ranks(x + y)
        let rankSumX = ranked.ranks[0..<n1].reduce(0, +)
        let u1 = rankSumX - Double(n1 * (n1 + 1)) / 2
        let useExact: Bool
        switch method {
        case .automatic: useExact = ranked.tieTerm == 0 && n1 <= exactLimit && n2 <= exactLimit
        case .exact: useExact = true
        case .normal: useExact = false
        }
        if useExact {
            let u2 = Double(n1 * n2) - u1
            let p = min(1, 2 * exactCDF(Int(min(u1, u2).rounded(.down)), n1, n2))
            return MannWhitneyResult(u: u1, pValue: p, exact: true)
        }
        let n = Double(n1 + n2)
        let mean = Double(n1 * n2) / 2
        let variance = Double(n1 * n2) / 12 * ((n + 1) - ranked.tieTerm / (n * (n - 1)))
        guard variance > 0 else { return MannWhitneyResult(u: u1, pValue: 1, exact: false) }
        let z = (abs(u1 - mean) - 0.5) / variance.squareRoot()
        return MannWhitneyResult(u: u1, pValue: min(1, erfc(z / 2.0.squareRoot())), exact: false)
    }

    /// Average ranks (1-based) of `values` in their order, and the tie term `sum(t^3 - t)` over
    /// groups of `t` equal values.
    package static func ranks(_ values: [Double]) -> (ranks: [Double], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var result = [Double](repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, values[order[end]] == values[order[start]] { end += 1 }
            let average = Double(start + 1 + end) / 2
            for position in start..<end { result[order[position]] = average }
            let t = Double(end - start)
            tieTerm += t * t * t - t
            start = end
        }
        return (result, tieTerm)
    }

    /// P(U <= u) under the null hypothesis for samples of `m` and `n` values without ties.
    ///
    /// The counts of U are the coefficients of the Gaussian binomial `[m+n choose m]_q`, built as
    /// `prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i)`, truncated above degree `m*n` (all that exists).
    package static func exactCDF(_ u: Int, _ m: Int, _ n: Int) -> Double {
        guard u >= 0 else { return 0 }
        let degree = m * n
        guard u < degree else { return 1 }
        var counts = [Double](repeating: 0, count: degree + 1)
        counts[0] = 1
        for i in 1...m {
            let up = n + i
            if up <= degree {
                for d in stride(from: degree, through: up, by: -1) { counts[d] -= counts[d - up] }
            }
            if i <= degree {
                for d in i...degree { counts[d] += counts[d - i] }
            }
        }
        let total = counts.reduce(0, +)
        let below = counts[0...u].reduce(0, +)
        return below / total
    }
}
