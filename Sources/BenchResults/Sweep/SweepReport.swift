import BenchHarness
import Foundation

/// The console table of a sweep.
package enum SweepReport {
    /// The table, the best row of each capacity marked `*`, then the recommendation.
    package static func text(_ rows: [SweepRow], heading: String) -> String {
        var out = heading + "\n\n"
        let header = [
            "strategy", "capacity", "shards", "hit ratio", "optimal", "p50", "p99", "p99.9",
            "lookups/s", "B/entry", "best",
        ]
        let widths = [10, 10, 7, 10, 9, 9, 9, 9, 13, 9, 5]
        func line(_ cells: [String]) -> String {
            var text = LatencyText.left(cells[0], widths[0])
            for (cell, width) in zip(cells.dropFirst(), widths.dropFirst()) { text += LatencyText.right(cell, width) }
            return text + "\n"
        }
        out += line(header)
        var lastCapacity: Int?
        for row in rows {
            if let lastCapacity, lastCapacity != row.capacity { out += "\n" }
            lastCapacity = row.capacity
            let histogram = row.responseTime
            out += line([
                row.strategy, LatencyText.count(row.capacity), row.shards.map(String.init) ?? "-",
                String(format: "%.4f", row.hitRatio), String(format: "%.4f", row.optimalHitRatio),
                LatencyText.duration(histogram.value(atPercentile: 50)), LatencyText.duration(row.p99),
                LatencyText.duration(histogram.value(atPercentile: 99.9)), LatencyText.rate(row.throughput),
                String(format: "%.1f", row.bytesPerEntry), row.best ? "*" : "",
            ])
        }
        out += "\nrecommendation: " + Sweep.recommendation(rows) + "\n"
        return out
    }
}
