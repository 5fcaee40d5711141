/// The verdict on one metric.
enum MetricVerdict: String, Codable, Sendable {
    /// Worse beyond the threshold (and significant, with enough repetitions).
    case regression
    /// Better beyond the threshold (and significant, with enough repetitions).
    case improvement
    /// Neither.
    case unchanged
}

/// One metric compared: medians, relative change, interval, p-value and verdict.
struct MetricComparison: Codable, Sendable, Equatable {
    /// `throughput`, `responseTime.p99`, ...
    var metric: String
    /// `higher` (throughput) or `lower` (latencies) is better.
    var better: String
    /// Unit of the values: `requests/s` or `ns`.
    var unit: String
    /// Median over the baseline's repetitions.
    var baseline: Double
    /// Median over the candidate's repetitions.
    var candidate: Double
    /// Every baseline repetition's value.
    var baselineValues: [Double]
    /// Every candidate repetition's value.
    var candidateValues: [Double]
    /// `candidate / baseline - 1` of the medians; nil when the baseline median is 0 and the candidate's is not.
    var change: Double?
    /// Bootstrap 95% interval of `change` (`[low, high]`); nil without the statistical test.
    var interval: [Double]?
    /// Two-sided Mann-Whitney U p-value; nil without the statistical test.
    var pValue: Double?
    /// Mann-Whitney U of the baseline sample; nil without the statistical test.
    var u: Double?
    /// The verdict.
    var verdict: MetricVerdict
}

/// How `compare` decides, and the decision.
struct Comparison: Sendable {
    /// Repetitions per side needed for the significance test.
    static let minimumRepetitions = 5
    /// Significance level of the Mann-Whitney U test.
    static let alpha = 0.05

    /// The relative noise band: changes within it are `unchanged` (0.05 is 5%).
    var threshold: Double
    /// Bootstrap resamples.
    var resamples = Bootstrap.defaultResamples
    /// Bootstrap seed.
    var seed = Bootstrap.defaultSeed

    /// Whether samples of these sizes get the significance test.
    static func usesStatistics(baseline: Int, candidate: Int) -> Bool {
        baseline >= minimumRepetitions && candidate >= minimumRepetitions
    }

    /// Compares `metric` between the two samples.
    func compare(_ metric: CompareMetric, baseline: [Double], candidate: [Double]) -> MetricComparison {
        let baseMedian = Bootstrap.median(baseline) ?? 0
        let candidateMedian = Bootstrap.median(candidate) ?? 0
        let change = Bootstrap.relativeChange(from: baseMedian, to: candidateMedian)
        var result = MetricComparison(
            metric: metric.name, better: metric.higherIsBetter ? "higher" : "lower",
            unit: metric.higherIsBetter ? "requests/s" : "ns", baseline: baseMedian, candidate: candidateMedian,
            baselineValues: baseline, candidateValues: candidate, change: change, interval: nil, pValue: nil, u: nil,
            verdict: .unchanged)
        var significant = true
        if Self.usesStatistics(baseline: baseline.count, candidate: candidate.count) {
            let test = MannWhitney.test(baseline, candidate)
            result.pValue = test.pValue
            result.u = test.u
            significant = test.pValue < Self.alpha
            if let interval = Bootstrap.medianChangeInterval(
                baseline: baseline, candidate: candidate, resamples: resamples, seed: seed)
            {
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

    /// The overall verdict and exit code for `metrics` (invalid inputs win over everything).
    static func overall(_ metrics: [MetricComparison], invalid: Bool) -> (verdict: String, exitCode: ExitCode) {
        if invalid { return ("invalid", .runInvalid) }
        if metrics.contains(where: { $0.verdict == .regression }) { return ("regression", .regression) }
        if metrics.contains(where: { $0.verdict == .improvement }) { return ("improvement", .improvementOnly) }
        return ("unchanged", .ok)
    }
}
