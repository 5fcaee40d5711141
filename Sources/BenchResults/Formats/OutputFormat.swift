import BenchHarness
import Foundation

/// What `--json FILE` of `run`, `micro` and `sweep` writes (`--format`).
package enum OutputFormat: String, Sendable, CaseIterable {
    /// The command's own result file (the default).
    case result
    /// github-action-benchmark's two arrays (`GitHubBenchmark`): FILE smaller-is-better, and
    /// FILE with `-bigger` before the extension bigger-is-better.
    case githubBenchmark = "github-benchmark"
    /// Bencher Metric Format (`BencherMetricFormat`).
    case bmf

    /// Parses `--format` (absent: `.result`); a dashboard format needs `--json FILE`.
    ///
    /// - Throws: `BenchError.invalidSetting` (exit 64) naming `--format` and the allowed values, or
    ///   saying that `--json` is missing.
    package static func parse(_ text: String?, json: String?) throws(BenchError) -> OutputFormat {
        guard let text else { return .result }
        guard let format = OutputFormat(rawValue: text) else {
            let names = allCases.map(\.rawValue)
            throw .invalidSetting(
                "--format expects \(names.dropLast().joined(separator: ", ")) or \(names.last!), got '\(text)'"
            )
        }
        if format != .result, json == nil {
            throw .invalidSetting("--format \(text) writes the --json FILE; give --json FILE")
        }
        return format
    }

    /// Every file `--json path` writes in this format (to check them before the work starts).
    package func paths(json path: String) -> [String] {
        self == .githubBenchmark ? [path, GitHubBenchmark.biggerPath(for: path)] : [path]
    }

    /// Writes `--json path` atomically: the command's own document (`result`) or the dashboard
    /// format of its `figures`. Only the one needed is computed.
    package func write(
        to path: String,
        result: () throws(BenchError) -> Data,
        figures: () -> [BenchmarkFigure]
    ) throws(BenchError) {
        switch self {
        case .result: try AtomicFile.write(try result(), to: path)
        case .githubBenchmark: try GitHubBenchmark.write(figures(), to: path)
        case .bmf: try AtomicFile.write(try BencherMetricFormat.jsonData(figures()), to: path)
        }
    }

    /// Writes a run's `--json` file in this format.
    package func write(run document: ResultDocument, to path: String) throws(BenchError) {
        try write(
            to: path,
            result: { () throws(BenchError) -> Data in try document.jsonData() },
            figures: { BenchmarkFigure.run(document) }
        )
    }
}
