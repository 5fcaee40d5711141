import Foundation

/// Student's t distribution with a given number of degrees of freedom: the reference of `ab`'s
/// test of a median against its bootstrap standard error.
///
/// Why not the normal distribution: that standard error is itself estimated from the pairs, and
/// from a few of them it is often far too small (the bootstrap of a median over six values takes
/// only a handful of distinct values), so against the normal a comparison of few pairs flags noise
/// several times as often as its level says. t's heavier tails for few degrees of freedom pay for
/// that; with the hundred and more pairs of a full comparison, t and the normal nearly agree
/// (results/README.md, "The median tested against Student's t").
package struct StudentT: Sendable, Equatable {
    /// The degrees of freedom, above zero.
    package var degreesOfFreedom: Double

    /// The distribution with `degreesOfFreedom` (> 0) degrees of freedom.
    package init(degreesOfFreedom: Double) {
        precondition(degreesOfFreedom > 0, "Student's t distribution needs degrees of freedom above zero")
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// `P(|T| >= |t|)`: the two-sided p-value of the statistic `t`.
    package func twoSidedP(_ t: Double) -> Double {
        guard !t.isNaN else { return 1 }
        guard t.isFinite else { return 0 }
        let v = degreesOfFreedom
        return Self.regularizedBeta(v / (v + t * t), a: v / 2, b: 0.5)
    }

    /// `P(T <= t)`.
    package func cdf(_ t: Double) -> Double {
        let tail = twoSidedP(t) / 2
        return t < 0 ? tail : 1 - tail
    }

    /// The `p`-quantile, for `p` in (0, 1): bisection on ``cdf(_:)`` to a relative 1e-12. It is
    /// asked for a few times per comparison, never per pair.
    package func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile of Student's t distribution needs 0 < p < 1")
        guard p != 0.5 else { return 0 }
        guard p > 0.5 else { return -quantile(1 - p) }
        var low = 0.0
        var high = 1.0
        while cdf(high) < p { (low, high) = (high, high * 2) }
        while high - low > 1e-12 * high {
            let middle = (low + high) / 2
            if cdf(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The regularized incomplete beta function `I_x(a, b)`, by its continued fraction (Lentz's
    /// method), on whichever side of the mean converges fast.
    static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x))
        if x < (a + 1) / (a + b + 2) { return front * continuedFraction(x, a: a, b: b) / a }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        func nonZero(_ value: Double) -> Double { value.magnitude < tiny ? tiny : value }
        var c = 1.0
        var d = 1 / nonZero(1 - (a + b) * x / (a + 1))
        var result = d
        for step in 1...400 {
            let m = Double(step)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 / nonZero(1 + even * d)
            c = nonZero(1 + even / c)
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 / nonZero(1 + odd * d)
            c = nonZero(1 + odd / c)
            result *= d * c
            if (d * c - 1).magnitude < 1e-15 { break }
        }
        return result
    }
}
