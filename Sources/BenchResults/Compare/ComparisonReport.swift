import BenchHarness
import Foundation

/// The outcome of `authz-bench compare`: per-metric figures, the overall verdict and the exit code
/// (the `--json` verdict file, also rendered as text and Markdown).
package struct ComparisonReport: BenchDocument {
    /// The `kind` key's value.
    package static let documentKind: String? = "compare"
    /// What errors call a comparison file.
    package static let fileDescription = "comparison"

    /// One side's inputs.
    package struct SideInfo: Codable, Sendable, Equatable {
        /// The result files read.
        package var files: [String]
        /// How many (repetitions).
        package var repetitions: Int
        /// Their distinct `environment.gitCommit` values.
        package var gitCommits: [String]
    }

    /// Version of this file's layout.
    package var schemaVersion = BenchDocumentHeader.schemaVersion
    /// Always `authz-bench`.
    package var tool = BenchDocumentHeader.tool
    /// Always `compare`.
    package var kind = ComparisonReport.documentKind ?? ""
    /// The suite's version.
    package var version = BenchVersion.current
    /// The noise band as a fraction (0.05 is 5%).
    package var threshold: Double
    /// `mann-whitney-u+bootstrap` (5 or more repetitions per side) or `threshold` (fewer).
    package var method: String
    /// The fallback notice when the significance test was not used.
    package var note: String?
    /// The baseline's inputs.
    package var baseline: SideInfo
    /// The candidate's inputs.
    package var candidate: SideInfo
    /// One entry per gated metric, in the order asked.
    package var metrics: [MetricComparison]
    /// Invalid results (`summary.valid == false`), one line each.
    package var invalid: [String]
    /// Warnings, e.g. differences overridden by `--force`.
    package var warnings: [String]
    /// `regression`, `improvement`, `unchanged` or `invalid`.
    package var verdict: String
    /// The process exit code for `verdict`.
    package var exitCode: Int32

    /// The one-line notice printed when there are too few repetitions for the significance test.
    package static func fallbackNote(threshold: Double) -> String {
        "fewer than \(Comparison.minimumRepetitions) repetitions per side: plain \(percent(threshold)) threshold "
            + "on the medians, no significance test"
    }

    /// Compares `baseline` with `candidate` on `metrics`; `exitCode` gives the process exit code the
    /// caller ends with for a verdict, recorded in the report.
    package init(
        baseline: ComparisonSide,
        candidate: ComparisonSide,
        metrics: [CompareMetric],
        comparison: Comparison,
        warnings: [String],
        exitCode: (String) -> Int32
    ) {
        let statistical = Comparison.usesStatistics(
            baseline: baseline.documents.count,
            candidate: candidate.documents.count
        )
        threshold = comparison.threshold
        method = statistical ? "mann-whitney-u+bootstrap" : "threshold"
        note = statistical ? nil : Self.fallbackNote(threshold: comparison.threshold)
        self.baseline = SideInfo(
            files: baseline.files,
            repetitions: baseline.files.count,
            gitCommits: baseline.gitCommits
        )
        self.candidate = SideInfo(
            files: candidate.files,
            repetitions: candidate.files.count,
            gitCommits: candidate.gitCommits
        )
        self.metrics = metrics.map { metric in
            comparison.compare(metric, baseline: baseline.values(of: metric), candidate: candidate.values(of: metric))
        }
        invalid = baseline.invalidRuns + candidate.invalidRuns
        self.warnings = warnings
        verdict = Comparison.overall(self.metrics, invalid: !invalid.isEmpty)
        self.exitCode = exitCode(verdict)
    }

    /// One sentence: the verdict and the metrics behind it.
    package var summaryLine: String {
        let regressions = metrics.filter { $0.verdict == .regression }
        let improvements = metrics.filter { $0.verdict == .improvement }
        func list(_ items: [MetricComparison]) -> String {
            items.map { "\($0.metric) \(Self.signedPercent($0.change))" }.joined(separator: ", ")
        }
        switch verdict {
        case "invalid":
            return "invalid: \(invalid.count) result(s) invalid (generator saturated or debug build); no verdict"
        case "regression":
            return "regression: " + list(regressions)
                + (improvements.isEmpty ? "" : "; improved: " + list(improvements))
        case "improvement":
            return "improvement: " + list(improvements) + "; no regression"
        default:
            return method == "threshold"
                ? "unchanged: no median moved beyond the \(Self.percent(threshold)) noise band"
                : "unchanged: no metric moved both beyond the \(Self.percent(threshold)) noise band and significantly (p < \(Comparison.alpha))"
        }
    }

    /// Pretty-printed, key-sorted JSON with a final newline; an unbounded change (from a zero
    /// baseline) is spelled `"inf"`.
    package func jsonData() throws(BenchError) -> Data {
        try PrettyJSON.data(self, what: "the comparison", nonFinite: true)
    }

    /// `5%`, `0.5%`.
    package static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return value == value.rounded() ? String(format: "%.0f%%", value) : String(format: "%g%%", value)
    }

    /// `+20.3%`, `-1.2%`, `n/a`.
    package static func signedPercent(_ fraction: Double?) -> String {
        guard let fraction, fraction.isFinite else { return "n/a" }
        return String(format: "%+.1f%%", fraction * 100)
    }

    /// `[+18.1%, +22.4%]` or `-`.
    package static func interval(_ bounds: [Double]?) -> String {
        guard let bounds, bounds.count == 2 else { return "-" }
        return "[\(signedPercent(bounds[0])), \(signedPercent(bounds[1]))]"
    }

    /// `0.008`, `<0.001` or `-`.
    package static func pValue(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value < 0.001 ? "<0.001" : String(format: "%.3f", value)
    }
}
