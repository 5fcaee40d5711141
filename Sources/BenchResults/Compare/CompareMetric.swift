import Foundation
import BenchHarness

/// One figure `compare` reads from every result and gates on: `throughput`
/// (`summary.achievedRate`, higher is better) or a latency statistic such as `responseTime.p99`
/// (lower is better).
package struct CompareMetric: Sendable, Equatable, Hashable {
    /// What is read.
    package enum Source: Sendable, Equatable, Hashable {
        /// `summary.achievedRate`, requests/s.
        case throughput
        /// A statistic (`p50`, `p99.9`, `mean`, `max`, ...) of a measured-phase latency histogram, ns.
        case latency(LatencyKind, String)
    }

    /// Where the figure comes from.
    package var source: Source

    /// The gated metrics when `--metrics` is not given.
    package static let defaults: [CompareMetric] = [
        CompareMetric(source: .throughput),
        CompareMetric(source: .latency(.responseTime, "p50")),
        CompareMetric(source: .latency(.responseTime, "p99")),
        CompareMetric(source: .latency(.responseTime, "p99.9")),
    ]

    /// The statistics a latency metric may name.
    package static let statistics = ["min", "mean", "p50", "p90", "p99", "p99.9", "p99.99", "max"]

    /// The metric's name: `throughput` or `KIND.STAT` (`responseTime.p99`).
    package var name: String {
        switch source {
        case .throughput: "throughput"
        case .latency(let kind, let statistic): "\(kind.rawValue).\(statistic)"
        }
    }

    /// Whether a larger value is better (throughput) rather than worse (latencies).
    package var higherIsBetter: Bool { source == .throughput }

    /// The metric's value in `document`.
    package func value(in document: ResultDocument) -> Double {
        switch source {
        case .throughput:
            return document.summary.achievedRate
        case .latency(let kind, let statistic):
            let h = document.latency[kind]
            switch statistic {
            case "min": return Double(h.min)
            case "mean": return h.mean
            case "p50": return Double(h.p50)
            case "p90": return Double(h.p90)
            case "p99": return Double(h.p99)
            case "p99.9": return Double(h.p999)
            case "p99.99": return Double(h.p9999)
            default: return Double(h.max)
            }
        }
    }

    /// Parses `--metrics`: comma-separated names (`throughput`, `responseTime.p99`,
    /// `serviceTime.p50`, ...; a bare statistic such as `p99` means `responseTime.p99`).
    package static func parseList(_ text: String) throws(BenchError) -> [CompareMetric] {
        var result: [CompareMetric] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let metric = parse(name) else {
                let kinds = LatencyKind.allCases.map(\.rawValue).joined(separator: "|")
                throw .invalidSetting("--metrics: unknown metric '\(name)'; expected throughput or (\(kinds)).(\(statistics.joined(separator: "|")))")
            }
            guard !result.contains(metric) else { throw .invalidSetting("--metrics names '\(name)' twice") }
            result.append(metric)
        }
        return result
    }

    /// The metric called `name`, or nil.
    package static func parse(_ name: String) -> CompareMetric? {
        if name == "throughput" { return CompareMetric(source: .throughput) }
        if statistics.contains(name) { return CompareMetric(source: .latency(.responseTime, name)) }
        guard let dot = name.firstIndex(of: "."), let kind = LatencyKind(rawValue: String(name[..<dot])) else { return nil }
        let statistic = String(name[name.index(after: dot)...])
        guard statistics.contains(statistic) else { return nil }
        return CompareMetric(source: .latency(kind, statistic))
    }
}
