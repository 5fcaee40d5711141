import Foundation
import BenchHarness

/// The `customSmallerIsBetter` JSON that github-action-benchmark reads
/// (`[{"name": ..., "unit": ..., "value": ..., "extra": ...}]`), written by
/// `run --format github-benchmark --json FILE` and `micro --format github-benchmark --json FILE`.
package enum GitHubBenchmark {
    /// One benchmark figure (smaller is better).
    package struct Entry: Codable, Sendable, Equatable {
        /// Stable name; github-action-benchmark tracks a figure by it.
        package var name: String
        /// `ns`, `ns/op`.
        package var unit: String
        /// The figure.
        package var value: Double
        /// Context shown beside the figure.
        package var extra: String?
    }

    /// The output formats of `run --json` and `micro --json`.
    package enum Format: String, Sendable {
        /// The suite's own result file (the default).
        case result
        /// The github-action-benchmark array.
        case githubBenchmark = "github-benchmark"

        /// Parses `--format` (absent: `.result`).
        package static func parse(_ text: String?) throws(BenchError) -> Format {
            guard let text else { return .result }
            guard let format = Format(rawValue: text) else {
                throw .invalidSetting("--format expects result or github-benchmark, got '\(text)'")
            }
            return format
        }
    }

    /// A run's figures: response time p50, p99, p99.9 and service time p50, p99 in ns; in closed
    /// loop also `run.nsPerRequest` (1e9 / throughput). Throughput and the scenario go in `extra`.
    package static func entries(run document: ResultDocument) -> [Entry] {
        let summary = document.summary
        let loop = document.scenario["loop"]?.stringValue ?? "open"
        var context = "\(LatencyText.rate(summary.achievedRate)) req/s achieved"
        if let target = summary.targetRate { context += " (target \(LatencyText.rate(target)))" }
        context += ", \(LatencyText.count(summary.requests)) requests, \(loop) loop"
        if let algorithm = document.scenario["algorithm"]?.stringValue { context += ", \(algorithm)" }
        context += ", cache \(document.cache.strategy)"
        if !summary.valid { context += ", INVALID: " + summary.invalidReasons.joined(separator: "; ") }
        let response = document.latency.responseTime
        let service = document.latency.serviceTime
        var entries = [
            Entry(name: "run.responseTime.p50", unit: "ns", value: Double(response.p50), extra: context),
            Entry(name: "run.responseTime.p99", unit: "ns", value: Double(response.p99), extra: context),
            Entry(name: "run.responseTime.p99.9", unit: "ns", value: Double(response.p999), extra: context),
            Entry(name: "run.serviceTime.p50", unit: "ns", value: Double(service.p50), extra: context),
            Entry(name: "run.serviceTime.p99", unit: "ns", value: Double(service.p99), extra: context),
        ]
        if loop == "closed", summary.achievedRate > 0 {
            entries.append(Entry(name: "run.nsPerRequest", unit: "ns", value: 1e9 / summary.achievedRate, extra: context))
        }
        return entries
    }

    /// One figure per micro row: its ns/op, with p99, threads and the reference ratio in `extra`.
    package static func entries(micro rows: [MicroResult]) -> [Entry] {
        rows.map { row in
            var extra = "p99 \(String(format: "%.1f", row.p99)) ns, \(row.threads) thread(s), \(row.batches) batch(es)"
            if let ratio = row.ratio, let label = row.referenceLabel {
                extra += ", ratio \(String(format: "%.3f", ratio)) vs \(label)"
            }
            if let bytes = row.bytesPerEntry { extra += ", \(String(format: "%.1f", bytes)) bytes/entry" }
            return Entry(name: row.name, unit: "ns/op", value: row.nsPerOp, extra: extra)
        }
    }

    /// Pretty-printed JSON array with a final newline.
    package static func jsonData(_ entries: [Entry]) throws(BenchError) -> Data {
        try PrettyJSON.data(entries, what: "the benchmark figures")
    }
}

extension GitHubBenchmark.Format {
    /// Parses `--format` and checks that `--json` is given with `github-benchmark` (exit 64 otherwise).
    package static func parse(_ text: String?, json: String?) throws(BenchError) -> Self {
        let format = try parse(text)
        if format == .githubBenchmark, json == nil {
            throw .invalidSetting("--format github-benchmark writes the --json FILE; give --json FILE")
        }
        return format
    }

    /// Writes a run's `--json` file in this format, atomically.
    package func write(run document: ResultDocument, to path: String) throws(BenchError) {
        switch self {
        case .result: try document.write(to: path)
        case .githubBenchmark: try AtomicFile.write(try GitHubBenchmark.jsonData(GitHubBenchmark.entries(run: document)), to: path)
        }
    }
}
