import AuthZSimulation
import Foundation

/// One metric's values over the pairs of blocks that were kept: `baseline[i]` and `candidate[i]`
/// were measured in pair `i`, one right after the other.
package struct PairedSample: Sendable, Equatable {
    /// The metric's name, e.g. `check.inline.p50`.
    package var metric: String
    /// Whether a larger value is better (throughput) rather than worse (a latency).
    package var higherIsBetter: Bool
    /// The baseline's value in each pair.
    package var baseline: [Double]
    /// The candidate's value in each pair.
    package var candidate: [Double]

    /// A metric's paired values; both arrays have one value per pair.
    package init(metric: String, higherIsBetter: Bool = false, baseline: [Double], candidate: [Double]) {
        precondition(baseline.count == candidate.count, "a paired sample has one value per side and pair")
        self.metric = metric
        self.higherIsBetter = higherIsBetter
        self.baseline = baseline
        self.candidate = candidate
    }

    /// `ln(candidate / baseline)` of each pair where both values are positive and finite.
    package var logRatios: [Double] {
        zip(baseline, candidate).compactMap { base, candidate in
            guard base > 0, candidate > 0, base.isFinite, candidate.isFinite else { return nil }
            return log(candidate / base)
        }
    }
}

/// What the paired analysis says of one metric.
package struct PairedEstimate: Sendable, Equatable {
    /// How a metric moved.
    package enum Verdict: String, Sendable, Equatable {
        /// Worse beyond the effect floor, significant after the correction for the number of metrics.
        case regression
        /// Better beyond the effect floor, significant after the correction.
        case improvement
        /// Neither: within the floor, or not significant.
        case unchanged
        /// Too few pairs with a positive value on both sides to say anything.
        case notMeasured = "not measured"
    }

    /// The metric's name.
    package var metric: String
    /// Whether a larger value is better.
    package var higherIsBetter: Bool
    /// The pairs that carried a value on both sides.
    package var pairs: Int
    /// The change, candidate against baseline: `exp(median of the log ratios) - 1`.
    package var change: Double
    /// The bootstrap percentile interval of that change, at ``PairedAnalysis/confidence``.
    package var interval: ClosedRange<Double>
    /// The signed-rank test's two-sided p-value.
    package var pValue: Double
    /// `pValue` after Holm's correction for the number of metrics tested together.
    package var adjustedP: Double
    /// The smallest change, either way, this run could have flagged with ``PairedAnalysis/power``:
    /// from the spread of its own pairs, at the level the correction asks of the first metric,
    /// and never below the effect floor.
    package var detectable: Double
    /// The verdict.
    package var verdict: Verdict
}

/// The statistics of `ab`: every metric's per-pair log ratios, a signed-rank test, Holm's
/// correction over the metrics, a bootstrap interval of the median ratio, an effect floor, and
/// the smallest change the run could have seen (see the BenchResults article "Comparing two builds").
package struct PairedAnalysis: Sendable, Equatable {
    /// The family-wise significance level over all the metrics tested together.
    package var alpha: Double = 0.01
    /// The smallest relative change ever flagged, however significant: below it, a difference
    /// between two processes of one build (their address layout, their hash seeds) is as likely
    /// as one between the builds.
    package var floor: Double = 0.01
    /// The interval's confidence.
    package var confidence: Double = 0.95
    /// The power at which ``PairedEstimate/detectable`` is stated.
    package var power: Double = 0.8
    /// Bootstrap resamples.
    package var resamples: Int = Bootstrap.defaultResamples
    /// The bootstrap's seed: one input always gives one interval.
    package var seed: UInt64 = Bootstrap.defaultSeed
    /// The fewest pairs with a value on both sides for a metric to be judged.
    package var minimumPairs: Int = 5

    /// Settings with the defaults.
    package init() {}

    /// The estimate of every sample, in their order, Holm-corrected together.
    package func analyse(_ samples: [PairedSample]) -> [PairedEstimate] {
        var estimates = samples.map(estimate)
        let tested = estimates.indices.filter { estimates[$0].verdict != .notMeasured }
        for (index, adjusted) in zip(tested, Self.holm(tested.map { estimates[$0].pValue })) {
            estimates[index].adjustedP = adjusted
            estimates[index].verdict = verdict(estimates[index])
            estimates[index].detectable = detectable(ratios: samples[index].logRatios, metrics: tested.count)
        }
        return estimates
    }

    /// One metric before the correction: its change, interval and raw p-value.
    private func estimate(_ sample: PairedSample) -> PairedEstimate {
        let ratios = sample.logRatios
        var estimate = PairedEstimate(
            metric: sample.metric,
            higherIsBetter: sample.higherIsBetter,
            pairs: ratios.count,
            change: 0,
            interval: 0...0,
            pValue: 1,
            adjustedP: 1,
            detectable: .infinity,
            verdict: .notMeasured
        )
        guard ratios.count >= minimumPairs, let median = Bootstrap.median(ratios) else { return estimate }
        estimate.change = expm1(median)
        estimate.interval = medianInterval(ratios)
        estimate.pValue = SignedRankTest.test(ratios).pValue
        estimate.adjustedP = estimate.pValue
        estimate.verdict = .unchanged
        return estimate
    }

    /// Regression or improvement when significant after the correction and beyond the floor.
    private func verdict(_ estimate: PairedEstimate) -> PairedEstimate.Verdict {
        guard estimate.adjustedP < alpha, estimate.change.magnitude >= floor else { return .unchanged }
        let worse = estimate.higherIsBetter ? estimate.change < 0 : estimate.change > 0
        return worse ? .regression : .improvement
    }

    /// The percentile bootstrap interval of `exp(median) - 1` over resampled pairs.
    private func medianInterval(_ ratios: [Double]) -> ClosedRange<Double> {
        var generator = SeededGenerator(seed: seed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var scratch = ratios
        for _ in 0..<resamples {
            for index in scratch.indices { scratch[index] = ratios[generator.below(ratios.count)] }
            medians.append(Bootstrap.median(scratch) ?? 0)
        }
        medians.sort()
        let tail = (1 - confidence) / 2
        return expm1(Bootstrap.quantile(medians, tail))...expm1(Bootstrap.quantile(medians, 1 - tail))
    }

    /// The smallest |change| the signed-rank test would flag with `power` at the level Holm asks
    /// of the first of `metrics` metrics (`alpha / metrics`), for pairs spread as `ratios` are: the
    /// normal shift `(z(1 - a/2) + z(power)) * sigma / sqrt(n * 3/pi)` (3/pi: the test's efficiency
    /// against a t-test on normal data), with `sigma` the log ratios' spread read robustly (1.4826
    /// times their median absolute deviation, or their standard deviation when that is 0), and
    /// never below the floor.
    func detectable(ratios: [Double], metrics: Int) -> Double {
        let n = Double(ratios.count)
        guard ratios.count >= 2, let median = Bootstrap.median(ratios) else { return .infinity }
        var sigma = 1.4826 * (Bootstrap.median(ratios.map { ($0 - median).magnitude }) ?? 0)
        if sigma == 0 {
            let mean = ratios.reduce(0, +) / n
            sigma = (ratios.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)).squareRoot()
        }
        let level = alpha / Double(max(metrics, 1))
        let shift =
            (Self.normalQuantile(1 - level / 2) + Self.normalQuantile(power)) * sigma / (n * 3 / .pi).squareRoot()
        return max(expm1(shift), floor)
    }

    /// Holm's step-down adjustment of `pValues`, in their order.
    package static func holm(_ pValues: [Double]) -> [Double] {
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = [Double](repeating: 1, count: pValues.count)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(pValues.count - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }

    /// The standard normal quantile of `p` in (0, 1): Acklam's rational approximation, refined by
    /// one Halley step on `erfc` (relative error below 1e-12).
    package static func normalQuantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile of the normal distribution needs 0 < p < 1")
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
            -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
            -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
            4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        var x: Double
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            x =
                (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        } else if p <= 1 - low {
            let q = p - 0.5
            let r = q * q
            x =
                (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
        } else {
            let q = (-2 * log1p(-p)).squareRoot()
            x =
                -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        let error = 0.5 * erfc(-x / 2.0.squareRoot()) - p
        let u = error * (2 * .pi).squareRoot() * exp(x * x / 2)
        x -= u / (1 + x * u / 2)
        return x
    }
}
