import AuthZSimulation
import Foundation

/// One metric's values over the pairs of blocks that were kept: `baseline[i]` and `candidate[i]`
/// were measured in pair `i`, one right after the other, by the pair of processes `rounds[i]`.
package struct PairedSample: Sendable, Equatable {
    /// The metric's name, e.g. `check.inline.p50`.
    package var metric: String
    /// Whether a larger value is better (throughput) rather than worse (a latency).
    package var higherIsBetter: Bool
    /// The baseline's value in each pair.
    package var baseline: [Double]
    /// The candidate's value in each pair.
    package var candidate: [Double]
    /// The round of each pair: the pair of processes it was measured in.
    package var rounds: [Int]

    /// A metric's paired values; the arrays have one value per pair (`rounds` nil: all of round 0).
    package init(
        metric: String,
        higherIsBetter: Bool = false,
        baseline: [Double],
        candidate: [Double],
        rounds: [Int]? = nil
    ) {
        precondition(baseline.count == candidate.count, "a paired sample has one value per side and pair")
        precondition(rounds.map { $0.count == baseline.count } ?? true, "a paired sample has one round per pair")
        self.metric = metric
        self.higherIsBetter = higherIsBetter
        self.baseline = baseline
        self.candidate = candidate
        self.rounds = rounds ?? Array(repeating: 0, count: baseline.count)
    }

    /// `ln(candidate / baseline)` of each pair where both values are positive and finite.
    package var logRatios: [Double] { logRatiosByRound.flatMap { $0 } }

    /// Those log ratios grouped by round, in the rounds' order; a round without any is left out.
    package var logRatiosByRound: [[Double]] {
        var groups: [Int: [Double]] = [:]
        for (index, (base, candidate)) in zip(baseline, candidate).enumerated() {
            guard base > 0, candidate > 0, base.isFinite, candidate.isFinite else { continue }
            groups[rounds[index], default: []].append(log(candidate / base))
        }
        return groups.keys.sorted().compactMap { groups[$0] }
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
    /// The rounds (pairs of processes) those pairs came from.
    package var rounds: Int
    /// The change, candidate against baseline: `exp(median of the log ratios) - 1`.
    package var change: Double
    /// The bootstrap percentile interval of that change, at ``PairedAnalysis/confidence``.
    package var interval: ClosedRange<Double>
    /// The standard error of the median log ratio: the spread of its bootstrap resamples.
    package var standardError: Double
    /// The two-sided p-value of the median log ratio against its standard error: Student's t with
    /// one degree of freedom fewer than the pairs.
    package var pValue: Double
    /// `pValue` after Holm's correction for the number of metrics tested together.
    package var adjustedP: Double
    /// The smallest change, either way, this run could have flagged with ``PairedAnalysis/power``:
    /// from the standard error of its rounds and pairs, at the level the correction asks of the
    /// first metric, and never below the effect floor.
    package var detectable: Double
    /// The verdict.
    package var verdict: Verdict
}

/// The statistics of `ab`: every metric's per-pair log ratios, their median, its spread from a
/// hierarchical bootstrap (the rounds, then the pairs within each round), a test of the median
/// against that spread (Student's t, see ``StudentT``), Holm's correction over the metrics, an
/// effect floor, and the smallest change the run could have seen (see the BenchResults article
/// "Comparing two builds").
///
/// Why hierarchical: the pairs of one round share a pair of processes, and two processes of one
/// build differ by a little for their whole life (where their memory landed); pooled as if
/// independent, the pairs of a few rounds would state an interval too narrow and flag that
/// difference as a change. Resampling the rounds first counts it, as Kalibera and Jones resample
/// a benchmark's process runs before the measurements within each.
package struct PairedAnalysis: Sendable, Equatable {
    /// The family-wise significance level over all the metrics tested together.
    package var alpha: Double = 0.01
    /// The smallest relative change ever flagged, however significant: below it, a difference
    /// between two processes of one build (where their memory landed) is as likely as one
    /// between the builds.
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
            estimates[index].detectable = detectable(
                standardError: estimates[index].standardError,
                pairs: estimates[index].pairs,
                metrics: tested.count
            )
        }
        return estimates
    }

    /// One metric before the correction: its change, interval, standard error and raw p-value.
    private func estimate(_ sample: PairedSample) -> PairedEstimate {
        let groups = sample.logRatiosByRound
        let ratios = groups.flatMap { $0 }
        var estimate = PairedEstimate(
            metric: sample.metric,
            higherIsBetter: sample.higherIsBetter,
            pairs: ratios.count,
            rounds: groups.count,
            change: 0,
            interval: 0...0,
            standardError: .infinity,
            pValue: 1,
            adjustedP: 1,
            detectable: .infinity,
            verdict: .notMeasured
        )
        guard ratios.count >= minimumPairs, let median = Bootstrap.median(ratios) else { return estimate }
        let medians = resampledMedians(groups)
        let tail = (1 - confidence) / 2
        let mean = medians.reduce(0, +) / Double(medians.count)
        let spread = (medians.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(medians.count - 1, 1)))
            .squareRoot()
        estimate.change = expm1(median)
        estimate.interval = expm1(Bootstrap.quantile(medians, tail))...expm1(Bootstrap.quantile(medians, 1 - tail))
        estimate.standardError = spread
        let reference = StudentT(degreesOfFreedom: Double(ratios.count - 1))
        estimate.pValue = spread > 0 ? reference.twoSidedP(median / spread) : (median == 0 ? 1 : 0)
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

    /// The medians of `resamples` hierarchical resamples of `groups` (the log ratios of each
    /// round), sorted: each resample draws as many rounds as there are, with replacement, then
    /// from each drawn round as many of its pairs as it holds, with replacement. With one round it
    /// is the plain bootstrap of the pairs.
    func resampledMedians(_ groups: [[Double]]) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        var scratch: [Double] = []
        for _ in 0..<resamples {
            scratch.removeAll(keepingCapacity: true)
            for _ in groups.indices {
                let group = groups[groups.count == 1 ? 0 : generator.below(groups.count)]
                for _ in group.indices { scratch.append(group[generator.below(group.count)]) }
            }
            medians.append(Bootstrap.median(scratch) ?? 0)
        }
        medians.sort()
        return medians
    }

    /// The smallest |change| the test would flag with `power` at the level Holm asks of the first
    /// of `metrics` metrics (`alpha / metrics`), for a median over `pairs` pairs whose standard
    /// error is `standardError`: `(t(1 - a/2) + t(power)) * standardError`, `t` the quantiles of
    /// Student's t with `pairs - 1` degrees of freedom, never below the floor.
    func detectable(standardError: Double, pairs: Int, metrics: Int) -> Double {
        guard standardError.isFinite, pairs > 1 else { return .infinity }
        let level = alpha / Double(max(metrics, 1))
        let reference = StudentT(degreesOfFreedom: Double(pairs - 1))
        let shift = (reference.quantile(1 - level / 2) + reference.quantile(power)) * standardError
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
}
