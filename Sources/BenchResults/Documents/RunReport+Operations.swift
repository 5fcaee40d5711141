import BenchHarness
import Foundation
import HDRHistogram

extension RunReport {
    /// The per-operation table: one row per operation with requests (requests, their share, the
    /// rate over the measured phase, the inline p50/p99/p99.9 and the share parked), at most 90
    /// columns wide. nil when the result did not record operations apart (an older file, a merge
    /// of inputs that lack them): the report then draws the response-time distribution instead.
    ///
    /// The response time of a mix has as many humps as the mix has operations (a `get` signs a
    /// media token, a `check` does not); this table separates them.
    package static func operationTable(_ result: RunResult) -> [String]? {
        guard result.recordsByOperation else { return nil }
        let widths = [10, 8, 9, 12, 9, 9, 9]
        func line(_ name: String, _ cells: [String]) -> String {
            zip(cells, widths).reduce(LatencyText.left(name, 20)) { $0 + LatencyText.right($1.0, $1.1) }
        }
        var lines = [
            line(
                "by operation\(closedNote(result))",
                ["requests", "share", "req/s", "inline p50", "p99", "p99.9", "parked"]
            )
        ]
        let total = result.histogram(.responseTime).totalCount
        let seconds = result.summary.durationSeconds
        for label in result.operations {
            let inline = result.histogram(.inline, of: label) ?? HDRHistogram()
            let parked = result.histogram(.parked, of: label) ?? HDRHistogram()
            let requests = inline.totalCount + parked.totalCount
            func percent(_ part: UInt64, of whole: UInt64) -> String {
                whole > 0 ? String(format: "%.1f%%", Double(part) / Double(whole) * 100) : "-"
            }
            let figures =
                inline.totalCount > 0
                ? [50.0, 99, 99.9].map { LatencyText.duration(inline.value(atPercentile: $0)) } : ["-", "-", "-"]
            lines.append(
                line(
                    label.name,
                    [
                        LatencyText.count(requests), percent(requests, of: total),
                        seconds > 0 ? LatencyText.rate(Double(requests) / seconds) : "-",
                    ] + figures + [percent(parked.totalCount, of: requests)]
                )
            )
        }
        if result.operations.isEmpty { lines.append("  (no requests)") }
        return lines
    }
}
