/// Draws ranks `0..<count` with Zipf(`exponent`) probabilities: P(rank k) ∝ 1 / (k + 1)^s.
///
/// The cumulative distribution is computed once; a draw is one uniform number and a binary search
/// (O(log count), no allocation). Exponent 0 is the uniform distribution.
public struct ZipfSampler: Sendable {
    /// Cumulative probabilities: `cdf[k]` = P(rank <= k); the last is exactly 1.
    public let cdf: [Double]

    /// A sampler over `count` ranks (`count >= 1`) with exponent `exponent >= 0`.
    public init(count: Int, exponent: Double) {
        precondition(count >= 1 && exponent >= 0, "Zipf needs count >= 1 and exponent >= 0")
        var weights = [Double](repeating: 0, count: count)
        var total = 0.0
        for k in 0..<count {
            let weight = exponent == 0 ? 1 : 1 / Double(k + 1).pow(exponent)
            total += weight
            weights[k] = total
        }
        for k in 0..<count { weights[k] /= total }
        weights[count - 1] = 1
        cdf = weights
    }

    /// The number of ranks.
    public var count: Int { cdf.count }

    /// The probability of `rank`.
    public func probability(of rank: Int) -> Double {
        rank == 0 ? cdf[0] : cdf[rank] - cdf[rank - 1]
    }

    /// The rank for the uniform number `u` in [0, 1): the first rank whose cumulative probability
    /// exceeds `u`.
    @inline(__always)
    public func rank(for u: Double) -> Int {
        cdf.withUnsafeBufferPointer { cdf in
            var low = 0
            var high = cdf.count - 1
            while low < high {
                let middle = (low + high) >> 1
                if cdf[middle] > u { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// Draws a rank.
    @inline(__always)
    public func sample(using generator: inout SeededGenerator) -> Int {
        rank(for: generator.unit())
    }
}

extension Double {
    /// `self` raised to `exponent` (positive base).
    fileprivate func pow(_ exponent: Double) -> Double {
        exp(exponent * log(self))
    }
}

#if canImport(Glibc)
import Glibc
#endif
