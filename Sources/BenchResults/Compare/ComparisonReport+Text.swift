import BenchHarness
import Foundation

extension ComparisonReport {
    /// The value of `row` formatted in its metric's unit.
    package static func formatted(_ value: Double, of row: MetricComparison) -> String {
        switch row.unit {
        case "requests/s": LatencyText.rate(value) + "/s"
        case "ns": LatencyText.duration(nanoseconds: value)
        case "per request": String(format: "%.4g/request", value)
        case "share": SLOText.percent(value)
        default:
            value == value.rounded() && abs(value) < 1e15
                ? LatencyText.count(Int64(value)) : String(format: "%.1f", value)
        }
    }

    /// The table rows: metric, baseline, candidate, change, interval, p-value, verdict.
    package var tableRows: [[String]] {
        metrics.map { row in
            [
                row.metric, Self.formatted(row.baseline, of: row), Self.formatted(row.candidate, of: row),
                Self.signedPercent(row.change), Self.interval(row.interval), Self.pValue(row.pValue),
                row.verdict.rawValue,
            ]
        }
    }

    /// The table's column titles.
    package static let columns = ["metric", "baseline", "candidate", "change", "95% interval", "p-value", "verdict"]

    /// The console report: inputs, method, table, verdict line.
    package var text: String {
        var lines: [String] = []
        lines.append(
            "authz-bench compare  baseline: \(Self.describe(baseline))  candidate: \(Self.describe(candidate))"
        )
        if let note {
            lines.append(note)
        } else {
            lines.append(
                "threshold \(Self.percent(threshold)); regression or improvement needs p < \(Comparison.alpha) "
                    + "(Mann-Whitney U, two-sided) and a median change beyond the threshold; interval: bootstrap of the median change"
            )
        }
        lines.append("")
        let rows = [Self.columns] + tableRows
        var widths = [Int](repeating: 0, count: Self.columns.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                line += index == 0 || index == row.count - 1 ? cell + pad : pad + cell
                if index < row.count - 1 { line += "  " }
            }
            lines.append(line.trimmingCharacters(in: .whitespaces))
        }
        lines.append("")
        for line in invalid { lines.append(line) }
        for warning in warnings { lines.append("warning: \(warning)") }
        lines.append("verdict: \(summaryLine)  (exit \(exitCode))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `5 results in DIR` or `1 result (FILE, commit abc)`.
    package static func describe(_ side: SideInfo) -> String {
        let commits = side.gitCommits.joined(separator: ",")
        if side.files.count == 1 { return "\(side.files[0]) (\(commits))" }
        let directories = Set(side.files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
        let place = directories.count == 1 ? " in \(directories.first!)" : ""
        return "\(side.files.count) results\(place) (\(commits))"
    }
}
