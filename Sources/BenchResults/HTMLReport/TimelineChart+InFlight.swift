import BenchHarness

extension TimelineChart {
    /// Whether any series has per-interval in-flight figures (results written before the
    /// asynchronous upstream, and merged results, have none).
    package static func hasInFlight(_ series: [Series]) -> Bool {
        series.contains { $0.intervals.contains { $0.inFlight != nil } }
    }

    /// The in-flight chart (`svg` with `id`), on the throughput chart's time axis: per series a
    /// solid `path.series.max` for the most requests in flight at an interval's sends and a dashed
    /// `path.series.p50` for their median.
    ///
    /// Read beside throughput: at a steady rate, requests in flight grow with the time each one
    /// takes (Little's law), so a rise with the rate flat means slower answers, typically the
    /// upstream's.
    package static func inFlightSVG(id: String, series: [Series]) -> String {
        var chart = SVGChart(id: id, title: "Requests in flight per second: max (solid) and p50 (dashed) at the sends")
        let xScale = setTimeAxis(of: &chart, series: series)
        let highest = series.flatMap(\.intervals).compactMap { $0.inFlight.map { Double($0.max) } }.max() ?? 0
        let (yScale, yTicks) = countAxis(upTo: Swift.max(highest * 1.05, 1), geometry: chart.geometry)
        chart.yTicks = yTicks
        chart.yLabel = "requests in flight"
        for (index, item) in series.enumerated() {
            let color = Palette.color(index)
            let intervals = item.intervals.filter { $0.inFlight != nil && $0.lengthSeconds > 0 }
            let peak = intervals.compactMap { $0.inFlight?.max }.max()
            chart.legend.append(
                LegendEntry(
                    label: item.name
                        + (peak.map { ": at most \(LatencyText.count($0)) in flight" }
                            ?? ": no per-interval in-flight figures in this file"),
                    color: color
                )
            )
            guard !intervals.isEmpty else { continue }
            appendLines(
                to: &chart,
                series: item.name,
                title: item.name + " in flight",
                color: color,
                intervals: intervals,
                xScale: xScale,
                yScale: yScale,
                solid: ("max", { $0.inFlight?.max }),
                dashed: ("p50", { $0.inFlight?.p50 })
            )
        }
        return chart.render()
    }
}
