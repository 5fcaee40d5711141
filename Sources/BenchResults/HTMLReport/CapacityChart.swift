import BenchHarness

/// The "latency vs offered load" chart of capacity results: response time p99 (solid) and p50
/// (dashed) against the offered rate, one colour per capacity result so that several overlay,
/// and the knee of each as a vertical dotted line.
///
/// Every step is a marker; the line joins, per rate, the worst of its runs (the repeats at the
/// knee may differ), since a rate passes only if all its runs pass.
package enum CapacityChart {
    /// The report section: the chart, then one table of steps per result.
    package static func section(_ capacities: [ReportCapacity]) -> String {
        var body = HTMLDocument.paragraph(
            "Each step is a short open-loop run at one offered rate; it passes when the load generator kept up and every objective held. The knee is the highest rate whose every run passed; the dotted line marks it.",
            className: "note"
        )
        body += svg(id: "capacity-latency", capacities: capacities)
        for capacity in capacities {
            let document = capacity.document
            body += "<h3>\(HTMLDocument.escape(capacity.name))</h3>\n"
            body += HTMLDocument.paragraph(
                "SLO: " + document.slo.joined(separator: ", ") + ". " + document.kneeLine + "."
            )
            body += table(document)
        }
        return HTMLDocument.section(id: "capacity", title: "Capacity", body: body)
    }

    /// Per offered rate (ascending), the worst p50 and p99 of its runs, ns.
    package static func worstByRate(_ document: CapacityDocument) -> [(rate: Double, p50: UInt64, p99: UInt64)] {
        var worst: [Double: (p50: UInt64, p99: UInt64)] = [:]
        for step in document.steps {
            let old = worst[step.rate] ?? (0, 0)
            worst[step.rate] = (max(old.p50, step.responseTime.p50), max(old.p99, step.responseTime.p99))
        }
        return worst.keys.sorted().map { (rate: $0, p50: worst[$0]?.p50 ?? 0, p99: worst[$0]?.p99 ?? 0) }
    }

    /// The chart's `svg` element: per result a `path.series` of p99, a dashed one of p50, markers
    /// and a `line.knee`.
    package static func svg(id: String, capacities: [ReportCapacity]) -> String {
        var chart = SVGChart(id: id, title: "Response time vs offered load")
        let g = chart.geometry
        let steps = capacities.flatMap(\.document.steps)
        let x = ChartTicks.linear(upTo: (steps.map(\.rate).max() ?? 1) * 1.05)
        let xScale = AxisScale(kind: .linear, lower: 0, upper: x.upper, start: g.plotLeft, end: g.plotRight)
        let values = steps.flatMap { [$0.responseTime.p50, $0.responseTime.p99] }.filter { $0 > 0 }.map { Double($0) }
        let (yScale, yTicks) = AxisScale.latencyDecades(
            from: values.min() ?? 1_000,
            to: values.max() ?? 1_000_000,
            start: g.plotBottom,
            end: g.plotTop
        )
        chart.xTicks = x.values.map { AxisTick(position: xScale.position($0), label: ChartTicks.shortCount($0)) }
        chart.yTicks = yTicks
        chart.xLabel = "offered rate (requests/s)"
        chart.yLabel = "response time (log scale)"
        for (index, capacity) in capacities.enumerated() {
            let color = Palette.color(index)
            let name = HTMLDocument.escape(capacity.name)
            let worst = worstByRate(capacity.document)
            for (percentile, dashed) in [("p99", false), ("p50", true)] {
                let points = worst.map {
                    (x: xScale.position($0.rate), y: yScale.position(Double(percentile == "p99" ? $0.p99 : $0.p50)))
                }
                let dash = dashed ? " stroke-dasharray=\"6 4\"" : ""
                chart.content.append(
                    "<path class=\"series\" data-series=\"\(name) \(percentile)\" stroke=\"\(color)\"\(dash) d=\"\(SVGNumber.path(points))\"><title>\(name) \(percentile)</title></path>\n"
                )
            }
            for step in capacity.document.steps {
                let fill = step.passed ? color : "#fff"
                for value in [step.responseTime.p99, step.responseTime.p50] {
                    chart.content.append(
                        "<circle class=\"point\" cx=\"\(SVGNumber.text(xScale.position(step.rate)))\" cy=\"\(SVGNumber.text(yScale.position(Double(value))))\" r=\"3.5\" fill=\"\(fill)\" stroke=\"\(color)\" stroke-width=\"1.5\"><title>\(LatencyText.rate(step.rate)) req/s: \(LatencyText.duration(value)), \(step.passed ? "passed" : "failed")</title></circle>\n"
                    )
                }
            }
            var label = "\(capacity.name): p99 (solid), p50 (dashed)"
            if let knee = capacity.document.knee {
                let kneeX = xScale.position(knee.rate)
                chart.content.append(
                    "<line class=\"knee\" x1=\"\(SVGNumber.text(kneeX))\" y1=\"\(SVGNumber.text(g.plotTop))\" x2=\"\(SVGNumber.text(kneeX))\" y2=\"\(SVGNumber.text(g.plotBottom))\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"><title>knee \(LatencyText.rate(knee.rate)) req/s</title></line>\n"
                )
                chart.content.append(
                    chart.text(
                        "knee \(LatencyText.rate(knee.rate))",
                        x: kneeX + 4,
                        y: g.plotTop + 14 + 14 * Double(index),
                        anchor: "start",
                        className: "value-label"
                    )
                )
                label += "; knee \(LatencyText.rate(knee.rate)) req/s"
            } else {
                label += "; no knee (the start rate failed)"
            }
            chart.legend.append(LegendEntry(label: label, color: color))
        }
        chart.legend.append(
            LegendEntry(
                label: "filled marker: step passed; hollow: failed (SLO breached or generator saturated)",
                color: "#777",
                dashed: false
            )
        )
        return chart.render()
    }

    /// The steps as a table.
    package static func table(_ document: CapacityDocument) -> String {
        let header = ["step", "rate/s", "achieved/s", "p50", "p99", "p99.9", "valid", "SLO", "breached"]
        let rows = document.steps.enumerated().map { index, step in
            [
                String(index + 1), LatencyText.rate(step.rate), LatencyText.rate(step.achievedRate),
                LatencyText.duration(step.responseTime.p50), LatencyText.duration(step.responseTime.p99),
                LatencyText.duration(step.responseTime.p999), step.valid ? "yes" : "NO",
                step.sloMet ? "met" : "BREACHED",
                step.actuals.filter { !$0.met }.map { "\($0.expression): \(SLOText.actual($0))" }.joined(
                    separator: "; "
                ),
            ]
        }
        return HTMLDocument.table(header: header, rows: rows)
    }
}
