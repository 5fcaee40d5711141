import BenchHarness
import Foundation
import HDRHistogram

/// An ASCII histogram of a latency histogram: log-scaled buckets (1-2-5 per decade), one line per
/// bucket, bar widths proportional to counts, at most `width` columns per line.
package enum LatencyBars {
    /// Bucket bounds in ns: 1, 2, 5, 10, 20, 50, ... up to an hour and beyond.
    package static let bounds: [UInt64] = {
        var values: [UInt64] = []
        var decade: UInt64 = 1
        while decade <= 10_000_000_000_000 {
            values += [decade, 2 * decade, 5 * decade]
            decade *= 10
        }
        return values
    }()

    /// The lines of the chart (empty histogram: one line saying so).
    package static func lines(_ histogram: HDRHistogram, width: Int = 80) -> [String] {
        guard histogram.totalCount > 0 else { return ["  (no samples)"] }
        // counts[i]: values in [bounds[i], bounds[i + 1]); values below 1 ns go to the first bucket.
        var counts = [UInt64](repeating: 0, count: bounds.count)
        for step in histogram.recordedValues() {
            let value = step.valueIteratedTo
            var index = 0
            while index + 1 < bounds.count, bounds[index + 1] <= value { index += 1 }
            counts[index] += step.countAtValueIteratedTo
        }
        guard let first = counts.firstIndex(where: { $0 > 0 }), let last = counts.lastIndex(where: { $0 > 0 }) else {
            return ["  (no samples)"]
        }
        let peak = counts[first...last].max() ?? 1
        let countWidth = LatencyText.count(peak).count
        // "  [ 10µs ,  20µs ) |####...| 1,234  12.3%"
        let fixed = 3 + 6 + 3 + 6 + 4 + 2 + countWidth + 7
        let barWidth = Swift.max(width - fixed, 10)
        var lines: [String] = []
        for index in first...last {
            let low = LatencyText.right(label(bounds[index]), 6)
            let high = index + 1 < bounds.count ? label(bounds[index + 1]) : "inf"
            let count = counts[index]
            var bar = Int((Double(count) / Double(peak) * Double(barWidth)).rounded())
            if count > 0, bar == 0 { bar = 1 }
            let share = Double(count) / Double(histogram.totalCount) * 100
            var line = "  [" + low + " , " + LatencyText.right(high, 6) + " ) |"
            line += String(repeating: "#", count: bar) + String(repeating: " ", count: barWidth - bar) + "| "
            line += LatencyText.right(LatencyText.count(count), countWidth)
            line += LatencyText.right(String(format: "%.1f%%", share), 7)
            lines.append(line)
        }
        return lines
    }

    /// A bucket bound without trailing zeros: `1µs`, `20µs`, `500ns`, `2ms`.
    package static func label(_ value: UInt64) -> String {
        LatencyText.duration(value).replacingOccurrences(of: ".00", with: "").replacingOccurrences(of: ".0", with: "")
    }
}
