/// The verdict on one metric.
package enum MetricVerdict: String, Codable, Sendable {
    /// Worse beyond the threshold (and significant, with enough repetitions).
    case regression
    /// Better beyond the threshold (and significant, with enough repetitions).
    case improvement
    /// Neither.
    case unchanged
}

/// One metric compared: medians, relative change, interval, p-value and verdict.
package struct MetricComparison: Codable, Sendable, Equatable {
    /// `throughput`, `responseTime.p99`, ...
    package var metric: String
    /// `higher` (throughput) or `lower` (everything else) is better.
    package var better: String
    /// Unit of the values: `requests/s`, `ns`, `requests` (in flight), `per request` or `calls`
    /// (upstream).
    package var unit: String
    /// Median over the baseline's repetitions.
    package var baseline: Double
    /// Median over the candidate's repetitions.
    package var candidate: Double
    /// Every baseline repetition's value.
    package var baselineValues: [Double]
    /// Every candidate repetition's value.
    package var candidateValues: [Double]
    /// `candidate / baseline - 1` of the medians; nil when the baseline median is 0 and the candidate's is not.
    package var change: Double?
    /// Bootstrap 95% interval of `change` (`[low, high]`); nil without the statistical test.
    package var interval: [Double]?
    /// Two-sided Mann-Whitney U p-value; nil without the statistical test.
    package var pValue: Double?
    /// Mann-Whitney U of the baseline sample; nil without the statistical test.
    package var u: Double?
    /// The verdict.
    package var verdict: MetricVerdict
}

/// How `compare` decides, and the decision.
package struct Comparison: Sendable {
    /// Repetitions per side needed for the significance test.
    package static let minimumRepetitions = 5
    /// Significance level of the Mann-Whitney U test.
    package static let alpha = 0.05

    /// The relative noise band: changes within it are `unchanged` (0.05 is 5%).
    package var threshold: Double
    /// Bootstrap resamples.
    package var resamples = Bootstrap.defaultResamples
    /// Bootstrap seed.
    package var seed = Bootstrap.defaultSeed

    /// Decides with the noise band `threshold` and the default bootstrap.
    package init(threshold: Double) {
        self.threshold = threshold
    }

    /// Whether samples of these sizes get the significance test.
    package static func usesStatistics(baseline: Int, candidate: Int) -> Bool {
        baseline >= minimumRepetitions && candidate >= minimumRepetitions
    }

    /// Compares `metric` between the two samples.
    package func compare(_ metric: CompareMetric, baseline: [Double], candidate: [Double]) -> MetricComparison {
        let baseMedian = Bootstrap.median(baseline) ?? 0
        let candidateMedian = Bootstrap.median(candidate) ?? 0
        var change = Bootstrap.relativeChange(from: baseMedian, to: candidateMedian)
        if let floor = metric.changeFloor, baseMedian < floor {
            change = (candidateMedian - baseMedian) / floor
        }
        var result = MetricComparison(
            metric: metric.name,
            better: metric.higherIsBetter ? "higher" : "lower",
            unit: metric.unit,
            baseline: baseMedian,
            candidate: candidateMedian,
            baselineValues: baseline,
            candidateValues: candidate,
            change: change,
            interval: nil,
            pValue: nil,
            u: nil,
            verdict: .unchanged
        )
        var significant = true
        if Self.usesStatistics(baseline: baseline.count, candidate: candidate.count) {
            let test = MannWhitney.test(baseline, candidate)
            result.pValue = test.pValue
            result.u = test.u
            significant = test.pValue < Self.alpha
            if let interval = Bootstrap.medianChangeInterval(
                baseline: baseline,
                candidate: candidate,
                resamples: resamples,
                seed: seed
            ) {
                result.interval = [interval.lowerBound, interval.upperBound]
            }
        }
        // A change from a zero baseline has no relative size: it counts as beyond any band.
        let size = change ?? (candidateMedian > baseMedian ? .infinity : -.infinity)
        guard significant, abs(size) > threshold else { return result }
        let worse = metric.higherIsBetter ? size < 0 : size > 0
        result.verdict = worse ? .regression : .improvement
        return result
    }

    /// The overall verdict for `metrics`: `invalid` (invalid inputs win over everything),
    /// `regression`, `improvement` or `unchanged`.
    package static func overall(_ metrics: [MetricComparison], invalid: Bool) -> String {
        if invalid { return "invalid" }
        if metrics.contains(where: { $0.verdict == .regression }) { return "regression" }
        if metrics.contains(where: { $0.verdict == .improvement }) { return "improvement" }
        return "unchanged"
    }
}
