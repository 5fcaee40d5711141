import AuthZCore
import BenchHarness

/// Per-stage latency bars: for every hot-path stage and every result, a light bar to the stage's
/// p99 with a solid bar to its p50 over it, on a log scale (stages span nanoseconds to milliseconds).
package enum StageBarsChart {
    /// One result's stage histograms.
    package struct Series: Sendable {
        /// Legend label (a file name).
        package var name: String
        /// Stage histograms by stage name.
        package var stages: [String: HistogramSummary]
    }

    /// Height of one result's bar.
    package static let barHeight = 12.0
    /// Space between two stages.
    package static let stageGap = 10.0

    /// Stage names in report order: the hot path's order (`Stage.allCases`), then any other name sorted.
    package static func stageNames(_ series: [Series]) -> [String] {
        let present = Set(series.flatMap(\.stages.keys))
        let known = Stage.allCases.map(\.description)
        return known.filter(present.contains) + present.subtracting(known).sorted()
    }

    /// The chart's `svg` element: a `rect.bar-p99` and a `rect.bar-p50` per stage and result with
    /// samples.
    package static func svg(id: String, series: [Series]) -> String {
        let names = stageNames(series)
        var chart = SVGChart(id: id, title: "Hot-path stages: p50 (solid) and p99 (light), sampled requests")
        chart.geometry.left = 104
        chart.geometry.right = 200
        let rowHeight = Double(Swift.max(series.count, 1)) * (barHeight + 2) + stageGap
        chart.geometry.height =
            chart.geometry.top + chart.geometry.bottom + Swift.max(Double(names.count) * rowHeight, 60)
        let g = chart.geometry
        let values = series.flatMap { $0.stages.values.filter { $0.count > 0 } }
        let lowest = values.map { Double(Swift.max($0.p50, 1)) }.min() ?? 10
        let highest = values.map { Double(Swift.max($0.p99, 1)) }.max() ?? 1_000
        let (xScale, xTicks) = AxisScale.latencyDecades(from: lowest, to: highest, start: g.plotLeft, end: g.plotRight)
        chart.xTicks = xTicks
        chart.xLabel = "latency (log scale)"
        chart.yLabel = ""
        for (row, stage) in names.enumerated() {
            let top = g.plotTop + Double(row) * rowHeight + stageGap / 2
            let middle = top + Double(series.count) * (barHeight + 2) / 2
            chart.content.append(
                chart.text(stage, x: g.plotLeft - 8, y: middle + 4, anchor: "end", className: "tick-label")
            )
            for (index, item) in series.enumerated() {
                let y = top + Double(index) * (barHeight + 2)
                guard let summary = item.stages[stage], summary.count > 0 else {
                    chart.content.append(
                        chart.text(
                            "\(item.name): no samples",
                            x: g.plotLeft + 4,
                            y: y + barHeight - 2,
                            anchor: "start",
                            className: "value-label"
                        )
                    )
                    continue
                }
                let color = Palette.color(index)
                let p50 = xScale.position(Double(Swift.max(summary.p50, 1)))
                let p99 = xScale.position(Double(Swift.max(summary.p99, 1)))
                let label = HTMLDocument.escape("\(item.name) \(stage)")
                chart.content.append(
                    rect(
                        "bar-p99",
                        stage: stage,
                        x: g.plotLeft,
                        y: y,
                        width: p99 - g.plotLeft,
                        color: color,
                        opacity: 0.35,
                        title: "\(label) p99 \(LatencyText.duration(summary.p99))"
                    )
                )
                chart.content.append(
                    rect(
                        "bar-p50",
                        stage: stage,
                        x: g.plotLeft,
                        y: y,
                        width: p50 - g.plotLeft,
                        color: color,
                        opacity: 1,
                        title: "\(label) p50 \(LatencyText.duration(summary.p50))"
                    )
                )
                let text = "\(LatencyText.duration(summary.p50)) / \(LatencyText.duration(summary.p99))"
                chart.content.append(
                    chart.text(text, x: p99 + 5, y: y + barHeight - 2, anchor: "start", className: "value-label")
                )
            }
        }
        for (index, item) in series.enumerated() {
            chart.legend.append(LegendEntry(label: "\(item.name) (labels: p50 / p99)", color: Palette.color(index)))
        }
        return chart.render()
    }

    private static func rect(
        _ className: String,
        stage: String,
        x: Double,
        y: Double,
        width: Double,
        color: String,
        opacity: Double,
        title: String
    ) -> String {
        "<rect class=\"\(className)\" data-stage=\"\(HTMLDocument.escape(stage))\" x=\"\(SVGNumber.text(x))\" y=\"\(SVGNumber.text(y))\" width=\"\(SVGNumber.text(Swift.max(width, 1)))\" height=\"\(SVGNumber.text(barHeight))\" fill=\"\(color)\" fill-opacity=\"\(opacity)\"><title>\(title)</title></rect>\n"
    }
}
