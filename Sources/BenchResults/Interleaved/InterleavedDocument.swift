import BenchHarness
import Foundation

/// The JSON document `ab --json` writes: the sides, the settings, every block of every pair
/// (kept or dropped), each metric's estimate and the verdict.
package struct InterleavedDocument: Codable, Sendable, Equatable {
    /// One metric's estimate as written.
    package struct Metric: Codable, Sendable, Equatable {
        /// The metric's name.
        package var metric: String
        /// The baseline's median over the kept pairs.
        package var baseline: Double
        /// The candidate's median over the kept pairs.
        package var candidate: Double
        /// `exp(median log ratio) - 1`; nil when not judged.
        package var change: Double?
        /// The bootstrap interval of the change, `[low, high]`; nil when not judged.
        package var interval: [Double]?
        /// The standard error of the median log ratio (its bootstrap resamples' spread: rounds, then
        /// pairs); nil when not judged.
        package var standardError: Double?
        /// The two-sided p-value of the median log ratio against its standard error.
        package var pValue: Double?
        /// After Holm's correction.
        package var adjustedP: Double?
        /// The smallest change either way this run would flag with the stated power.
        package var detectable: Double?
        /// `regression`, `improvement`, `unchanged` or `not measured`.
        package var verdict: String
        /// Why it was not judged.
        package var note: String?

        init(_ line: InterleavedComparison.Line) {
            let estimate = line.estimate
            let judged = estimate.verdict != .notMeasured
            metric = line.metric
            baseline = line.baseline
            candidate = line.candidate
            change = judged ? estimate.change : nil
            interval = judged ? [estimate.interval.lowerBound, estimate.interval.upperBound] : nil
            standardError = judged && estimate.standardError.isFinite ? estimate.standardError : nil
            pValue = judged ? estimate.pValue : nil
            adjustedP = judged ? estimate.adjustedP : nil
            detectable = judged && estimate.detectable.isFinite ? estimate.detectable : nil
            verdict = estimate.verdict.rawValue
            note = line.note
        }
    }

    /// The statistics and bounds the comparison ran with.
    package struct Settings: Codable, Sendable, Equatable {
        /// Each block's length, seconds.
        package var blockSeconds: Double
        /// The pairs asked for.
        package var pairs: Int
        /// The rounds they were split into, each a fresh pair of processes.
        package var rounds: Int
        /// The fewest kept pairs for a verdict.
        package var minimumPairs: Int
        /// The seed of the order of each pair.
        package var seed: UInt64
        /// Whether both sides' heaps were asked onto transparent huge pages (`--huge-pages`).
        package var hugePages: Bool
        /// The gated metrics' names or patterns.
        package var metrics: [String]
        /// Family-wise significance level.
        package var alpha: Double
        /// The effect floor.
        package var floor: Double
        /// The power at which `detectable` is stated.
        package var power: Double
        /// When a block is dropped.
        package var rules: BlockRules
    }

    /// Always `ab`.
    package var kind = "ab"
    /// The result schema this document follows.
    package var schemaVersion = BenchDocumentHeader.schemaVersion
    /// `authz-bench`.
    package var tool = BenchDocumentHeader.tool
    /// The driver's version.
    package var version = BenchVersion.current
    /// The baseline side.
    package var baseline: InterleavedComparison.Side
    /// The candidate side.
    package var candidate: InterleavedComparison.Side
    /// The settings.
    package var settings: Settings
    /// Every pair, in order.
    package var pairs: [InterleavedComparison.Pair]
    /// The gated metrics.
    package var metrics: [Metric]
    /// The hot-path stages (pointers, not gated).
    package var stages: [Metric]
    /// The one-line verdict.
    package var summary: String
    /// `regression`, `improvement`, `unchanged` or `invalid`.
    package var verdict: String
    /// The exit code the verdict gives.
    package var exitCode: Int32

    /// The document of `comparison`.
    package init(
        _ comparison: InterleavedComparison,
        baseline: InterleavedComparison.Side,
        candidate: InterleavedComparison.Side,
        blockSeconds: Double,
        seed: UInt64,
        hugePages: Bool = false
    ) {
        self.baseline = baseline
        self.candidate = candidate
        settings = Settings(
            blockSeconds: blockSeconds,
            pairs: comparison.pairs.count,
            rounds: comparison.rounds,
            minimumPairs: comparison.settings.minimumPairs,
            seed: seed,
            hugePages: hugePages,
            metrics: comparison.settings.metrics,
            alpha: comparison.settings.analysis.alpha,
            floor: comparison.settings.analysis.floor,
            power: comparison.settings.analysis.power,
            rules: comparison.settings.rules
        )
        pairs = comparison.pairs
        metrics = comparison.lines.map(Metric.init)
        stages = comparison.stages.map(Metric.init)
        summary = comparison.summaryLine
        verdict = comparison.verdict.rawValue
        exitCode = comparison.verdict.exitCode
    }

    /// The document as pretty JSON with sorted keys.
    package func jsonData() throws(BenchError) -> Data {
        try PrettyJSON.data(self, what: "the ab document")
    }
}

extension InterleavedComparison.Verdict {
    /// The exit code of `compare`'s contract: 2 regression, 4 improvement only, 7 no verdict, 0 otherwise.
    package var exitCode: Int32 {
        switch self {
        case .regression: 2
        case .improvement: 4
        case .invalid: 7
        case .unchanged: 0
        }
    }
}
