import BenchHarness

/// The charts of a sweep result: hit ratio against capacity per strategy with the optimal (Belady)
/// bound as its own dashed line, and p99 response time against capacity.
package enum SweepCharts {
    /// The capacity axis (log scale) and its ticks at the swept capacities that fit without overlap.
    package static func capacityAxis(_ sweep: SweepDocument, geometry g: ChartGeometry) -> (AxisScale, [AxisTick]) {
        let capacities = Set(sweep.rows.map { Double($0.capacity) }).sorted()
        var lower = capacities.first ?? 1
        var upper = capacities.last ?? 10
        if upper <= lower {
            lower /= 2
            upper *= 2
        }
        // Half a step of margin on both sides, so the first and last points are not on the frame.
        let pad = capacities.count > 1 ? 1.15 : 1
        let scale = AxisScale(kind: .log10, lower: lower / pad, upper: upper * pad, start: g.plotLeft, end: g.plotRight)
        var ticks: [AxisTick] = []
        for capacity in capacities {
            let position = scale.position(capacity)
            if let last = ticks.last, position - last.position < 48 { continue }
            ticks.append(AxisTick(position: position, label: ChartTicks.shortCount(capacity)))
        }
        return (scale, ticks)
    }

    /// The rows of series `name`, by capacity.
    package static func rows(_ sweep: SweepDocument, series name: String) -> [SweepDocument.Row] {
        sweep.rows.filter { SweepDocument.seriesName($0) == name }.sorted { $0.capacity < $1.capacity }
    }

    /// Circles at `points`; a larger ring marks the recommended row.
    private static func markers(_ points: [(x: Double, y: Double, best: Bool)], color: String) -> String {
        var out = ""
        for point in points {
            out +=
                "<circle class=\"point\" cx=\"\(SVGNumber.text(point.x))\" cy=\"\(SVGNumber.text(point.y))\" r=\"3.5\" fill=\"\(color)\"/>\n"
            if point.best {
                out +=
                    "<circle class=\"best\" cx=\"\(SVGNumber.text(point.x))\" cy=\"\(SVGNumber.text(point.y))\" r=\"8\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"><title>recommended</title></circle>\n"
            }
        }
        return out
    }

    /// The hit-ratio chart: one `path.series` per strategy and one `path.optimal` (dashed, black).
    package static func hitRatioSVG(id: String, sweep: SweepDocument) -> String {
        var chart = SVGChart(id: id, title: "Hit ratio by capacity (optimal = Belady's clairvoyant bound)")
        chart.geometry.height = 380
        let g = chart.geometry
        let (xScale, xTicks) = capacityAxis(sweep, geometry: g)
        let yScale = AxisScale(kind: .linear, lower: 0, upper: 1, start: g.plotBottom, end: g.plotTop)
        chart.xTicks = xTicks
        chart.yTicks = stride(from: 0.0, through: 1.0, by: 0.2).map {
            AxisTick(position: yScale.position($0), label: ChartTicks.fixed($0 * 100, decimals: 0) + "%")
        }
        chart.xLabel = "capacity (entries, log scale)"
        chart.yLabel = "hit ratio"
        for (index, name) in sweep.seriesNames.enumerated() {
            let color = Palette.color(index)
            let points = rows(sweep, series: name).map {
                (x: xScale.position(Double($0.capacity)), y: yScale.position($0.hitRatio), best: $0.best)
            }
            chart.content.append(
                "<path class=\"series\" data-series=\"\(HTMLDocument.escape(name))\" stroke=\"\(color)\" d=\"\(SVGNumber.path(points.map { (x: $0.x, y: $0.y) }))\"><title>\(HTMLDocument.escape(name))</title></path>\n"
            )
            chart.content.append(markers(points, color: color))
            chart.legend.append(LegendEntry(label: name, color: color))
        }
        let optimal = sweep.optimalByCapacity.map {
            (x: xScale.position(Double($0.capacity)), y: yScale.position($0.ratio))
        }
        chart.content.append(
            "<path class=\"optimal\" data-series=\"optimal\" d=\"\(SVGNumber.path(optimal))\"><title>optimal (Belady)</title></path>\n"
        )
        chart.legend.append(
            LegendEntry(
                label: "optimal (Belady), the bound no policy can beat",
                color: "#000",
                dashed: true,
                className: "optimal"
            )
        )
        return chart.render()
    }

    /// The p99 chart: one `path.series` per strategy, p99 response time against capacity.
    package static func p99SVG(id: String, sweep: SweepDocument) -> String {
        var chart = SVGChart(id: id, title: "p99 latency per access by capacity")
        chart.geometry.height = 380
        let g = chart.geometry
        let (xScale, xTicks) = capacityAxis(sweep, geometry: g)
        let y = LatencyUnit.ticks(upTo: Double(sweep.rows.map(\.responseTime.p99).max() ?? 0) * 1.05)
        let yScale = AxisScale(kind: .linear, lower: 0, upper: y.upper, start: g.plotBottom, end: g.plotTop)
        chart.xTicks = xTicks
        chart.yTicks = y.ticks.map { AxisTick(position: yScale.position($0.value), label: $0.label) }
        chart.xLabel = "capacity (entries, log scale)"
        chart.yLabel = "p99 (\(y.unit.name))"
        for (index, name) in sweep.seriesNames.enumerated() {
            let color = Palette.color(index)
            let points = rows(sweep, series: name).map {
                (
                    x: xScale.position(Double($0.capacity)), y: yScale.position(Double($0.responseTime.p99)),
                    best: $0.best
                )
            }
            chart.content.append(
                "<path class=\"series\" data-series=\"\(HTMLDocument.escape(name))\" stroke=\"\(color)\" d=\"\(SVGNumber.path(points.map { (x: $0.x, y: $0.y) }))\"><title>\(HTMLDocument.escape(name))</title></path>\n"
            )
            chart.content.append(markers(points, color: color))
            chart.legend.append(LegendEntry(label: name, color: color))
        }
        return chart.render()
    }

    /// The rows as a table (plain text cells, escaped by `HTMLDocument.table`).
    package static func table(_ sweep: SweepDocument) -> String {
        let header = [
            "strategy", "capacity", "requests", "hit ratio", "optimal", "throughput/s", "bytes/entry", "p50", "p99",
            "best",
        ]
        let rows = sweep.rows.map { row in
            [
                SweepDocument.seriesName(row), LatencyText.count(row.capacity), LatencyText.count(row.requests),
                ReportFormat.percent(row.hitRatio), ReportFormat.percent(row.optimalHitRatio),
                LatencyText.rate(row.throughput),
                ReportFormat.decimal(row.bytesPerEntry, 1), LatencyText.duration(row.responseTime.p50),
                LatencyText.duration(row.responseTime.p99), row.best ? "yes" : "",
            ]
        }
        return HTMLDocument.table(header: header, rows: rows)
    }
}
