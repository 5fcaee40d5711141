import BenchHarness
import Foundation
import HDRHistogram

extension RunReport {
    /// The order of the latency table: the hot path's own response time first (`inline`), then
    /// the requests that waited on the upstream (`parked`), then every request together and the rest.
    package static let latencyOrder: [LatencyKind] = [
        .inline, .parked, .responseTime, .serviceTime, .startLag, .upstreamWait,
    ]

    /// The headline: the response time of each path (inline first: it is the hot path's), and start
    /// lag's share of the response p99 (the generator's part of it). Absent paths (an older result)
    /// say "not recorded".
    package static func headlineLines(_ result: RunResult) -> [String] {
        var lines: [String] = []
        let total = result.histogram(.responseTime).totalCount
        for kind in LatencyKind.byPath {
            let name = LatencyText.left(kind.rawValue, 12)
            guard result.records(kind) else {
                lines.append(name + "not recorded (a result written before the response time was recorded by path)")
                continue
            }
            let histogram = result.histogram(kind)
            let what = kind == .inline ? "the hot path" : "waited on the upstream"
            let share = total > 0 ? String(format: "%.1f%%", Double(histogram.totalCount) / Double(total) * 100) : "-"
            guard histogram.totalCount > 0 else {
                lines.append(name + "no requests (\(what))")
                continue
            }
            let figures = [("p50", 50.0), ("p99", 99), ("p99.9", 99.9)].map { label, percentile in
                "\(label) \(LatencyText.duration(histogram.value(atPercentile: percentile)))"
            }
            lines.append(
                name + figures.joined(separator: "  ")
                    + "  \(LatencyText.count(histogram.totalCount)) requests (\(share)), \(what)"
            )
        }
        if let lag = startLagLine(result) { lines.append(lag) }
        return lines
    }

    /// Start lag's p99 and its share of the response p99, inline and overall (nil in closed loop or
    /// without requests): a large share says the generator, not the code, made the tail.
    package static func startLagLine(_ result: RunResult) -> String? {
        let lag = result.histogram(.startLag)
        let response = result.histogram(.responseTime)
        guard lag.totalCount > 0, response.totalCount > 0 else { return nil }
        let lagP99 = Double(lag.value(atPercentile: 99))
        func share(_ histogram: HDRHistogram) -> String {
            let p99 = Double(histogram.value(atPercentile: 99))
            return p99 > 0 ? String(format: "%.1f%%", lagP99 / p99 * 100) : "-"
        }
        var text = LatencyText.left("start lag", 12) + "p99 \(LatencyText.duration(UInt64(lagP99))): "
        if result.records(.inline), result.histogram(.inline).totalCount > 0 {
            text += "\(share(result.histogram(.inline))) of the inline p99, "
        }
        return text + "\(share(response)) of the response p99 (the generator's part)"
    }
}
