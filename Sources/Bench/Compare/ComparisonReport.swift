import Foundation

/// The outcome of `authz-bench compare`: per-metric figures, the overall verdict and the exit code
/// (the `--json` verdict file, also rendered as text and Markdown).
struct ComparisonReport: Codable, Sendable {
    /// One side's inputs.
    struct SideInfo: Codable, Sendable, Equatable {
        /// The result files read.
        var files: [String]
        /// How many (repetitions).
        var repetitions: Int
        /// Their distinct `environment.gitCommit` values.
        var gitCommits: [String]
    }

    /// Version of this file's layout.
    var schemaVersion = 1
    /// Always `authz-bench`.
    var tool = "authz-bench"
    /// Always `compare`.
    var kind = "compare"
    /// The suite's version.
    var version = BenchVersion.current
    /// The noise band as a fraction (0.05 is 5%).
    var threshold: Double
    /// `mann-whitney-u+bootstrap` (5 or more repetitions per side) or `threshold` (fewer).
    var method: String
    /// The fallback notice when the significance test was not used.
    var note: String?
    /// The baseline's inputs.
    var baseline: SideInfo
    /// The candidate's inputs.
    var candidate: SideInfo
    /// One entry per gated metric, in the order asked.
    var metrics: [MetricComparison]
    /// Invalid results (`summary.valid == false`), one line each.
    var invalid: [String]
    /// Warnings, e.g. differences overridden by `--force`.
    var warnings: [String]
    /// `regression`, `improvement`, `unchanged` or `invalid`.
    var verdict: String
    /// The process exit code for `verdict`.
    var exitCode: Int32

    /// The one-line notice printed when there are too few repetitions for the significance test.
    static func fallbackNote(threshold: Double) -> String {
        "fewer than \(Comparison.minimumRepetitions) repetitions per side: plain \(percent(threshold)) threshold "
            + "on the medians, no significance test"
    }

    /// Compares `baseline` with `candidate` on `metrics`.
    init(baseline: ComparisonSide, candidate: ComparisonSide, metrics: [CompareMetric], comparison: Comparison,
         warnings: [String]) {
        let statistical = Comparison.usesStatistics(baseline: baseline.documents.count, candidate: candidate.documents.count)
        threshold = comparison.threshold
        method = statistical ? "mann-whitney-u+bootstrap" : "threshold"
        note = statistical ? nil : Self.fallbackNote(threshold: comparison.threshold)
        self.baseline = SideInfo(files: baseline.files, repetitions: baseline.files.count, gitCommits: baseline.gitCommits)
        self.candidate = SideInfo(files: candidate.files, repetitions: candidate.files.count, gitCommits: candidate.gitCommits)
        self.metrics = metrics.map { metric in
            comparison.compare(metric, baseline: baseline.values(of: metric), candidate: candidate.values(of: metric))
        }
        invalid = baseline.invalidRuns + candidate.invalidRuns
        self.warnings = warnings
        let overall = Comparison.overall(self.metrics, invalid: !invalid.isEmpty)
        verdict = overall.verdict
        exitCode = overall.exitCode.rawValue
    }

    /// The exit code as an `ExitCode`.
    var exit: ExitCode { ExitCode(rawValue: exitCode) ?? .failure }

    /// One sentence: the verdict and the metrics behind it.
    var summaryLine: String {
        let regressions = metrics.filter { $0.verdict == .regression }
        let improvements = metrics.filter { $0.verdict == .improvement }
        func list(_ items: [MetricComparison]) -> String {
            items.map { "\($0.metric) \(Self.signedPercent($0.change))" }.joined(separator: ", ")
        }
        switch verdict {
        case "invalid":
            return "invalid: \(invalid.count) result(s) invalid (generator saturated or debug build); no verdict"
        case "regression":
            return "regression: " + list(regressions) + (improvements.isEmpty ? "" : "; improved: " + list(improvements))
        case "improvement":
            return "improvement: " + list(improvements) + "; no regression"
        default:
            return method == "threshold"
                ? "unchanged: no median moved beyond the \(Self.percent(threshold)) noise band"
                : "unchanged: no metric moved both beyond the \(Self.percent(threshold)) noise band and significantly (p < \(Comparison.alpha))"
        }
    }

    /// Pretty-printed, key-sorted JSON with a final newline.
    func jsonData() throws(CLIError) -> Data {
        try PrettyJSON.data(self, what: "the comparison", nonFinite: true)
    }

    /// `5%`, `0.5%`.
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return value == value.rounded() ? String(format: "%.0f%%", value) : String(format: "%g%%", value)
    }

    /// `+20.3%`, `-1.2%`, `n/a`.
    static func signedPercent(_ fraction: Double?) -> String {
        guard let fraction, fraction.isFinite else { return "n/a" }
        return String(format: "%+.1f%%", fraction * 100)
    }

    /// `[+18.1%, +22.4%]` or `-`.
    static func interval(_ bounds: [Double]?) -> String {
        guard let bounds, bounds.count == 2 else { return "-" }
        return "[\(signedPercent(bounds[0])), \(signedPercent(bounds[1]))]"
    }

    /// `0.008`, `<0.001` or `-`.
    static func pValue(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value < 0.001 ? "<0.001" : String(format: "%.3f", value)
    }
}
