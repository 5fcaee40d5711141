import BenchHarness
import Foundation

/// Throughput and latency over the measured phase, from each result's `intervals` (one per second).
package enum TimelineChart {
    /// One result's intervals.
    package struct Series: Sendable {
        /// Legend label (a file name).
        package var name: String
        /// The intervals, in time order.
        package var intervals: [IntervalSummary]
        /// The target rate (drawn dashed), nil in closed loop; the mean of a rate profile.
        package var targetRate: Double?
        /// The target over the measured phase when it follows stages: (seconds from the start of
        /// the measured phase, requests/s) points joined by straight lines (two at one time are a
        /// step); nil when the target is flat at `targetRate`.
        package var targetProfile: [(seconds: Double, rate: Double)]? = nil
    }

    /// The target of a result: its `summary.targetRate`, and the profile of its scenario's `stages`
    /// (k6's ramping arrival rate: from the start rate, each stage ramps linearly to its own rate),
    /// scaled so that its mean is the target rate (a merge of shards sums their targets).
    package static func targetProfile(scenario: JSONValue, targetRate: Double?) -> [(seconds: Double, rate: Double)]? {
        guard let targetRate, let value = scenario.objectValue?["stages"], let data = try? JSONEncoder().encode(value),
            let stages = try? JSONDecoder().decode([RampStage].self, from: data), stages.meanRate > 0
        else { return nil }
        let scale = targetRate / stages.meanRate
        var points = [(seconds: 0.0, rate: stages.startRate * scale)]
        var millis: Int64 = 0
        for stage in stages {
            millis += stage.durationMillis
            points.append((seconds: Double(millis) / 1_000, rate: stage.rate * scale))
        }
        return points
    }

    /// Requests per second of every non-empty-length interval, at the interval's middle:
    /// (seconds from the start of the measured phase, requests/s).
    package static func throughputPoints(_ intervals: [IntervalSummary]) -> [(seconds: Double, rate: Double)] {
        intervals.filter { $0.lengthSeconds > 0 }.map {
            ($0.startSeconds + $0.lengthSeconds / 2, Double($0.requests) / $0.lengthSeconds)
        }
    }

    /// Whether any series has per-interval latency percentiles.
    package static func hasLatency(_ series: [Series]) -> Bool {
        series.contains { $0.intervals.contains { $0.responseTime != nil } }
    }

    /// The x axis (seconds) shared by the timeline charts.
    static func timeAxis(_ series: [Series], geometry g: ChartGeometry) -> (AxisScale, [AxisTick]) {
        let end = series.flatMap(\.intervals).map { $0.startSeconds + $0.lengthSeconds }.max() ?? 0
        let x = ChartTicks.linear(upTo: end, count: 10)
        let scale = AxisScale(kind: .linear, lower: 0, upper: x.upper, start: g.plotLeft, end: g.plotRight)
        let decimals = ChartTicks.decimals(forStep: x.step)
        return (
            scale,
            x.values.map { AxisTick(position: scale.position($0), label: ChartTicks.fixed($0, decimals: decimals)) }
        )
    }

    /// Makes `chart` a timeline chart: 340 high, with the shared time axis and its label; returns
    /// the x scale.
    static func setTimeAxis(of chart: inout SVGChart, series: [Series]) -> AxisScale {
        chart.geometry.height = 340
        let (xScale, xTicks) = timeAxis(series, geometry: chart.geometry)
        chart.xTicks = xTicks
        chart.xLabel = "seconds into the measured phase"
        return xScale
    }

    /// The y axis of a count chart (requests/s, requests in flight) from 0 to about `highest`: six
    /// linear ticks, labelled short (`12k`) once the step reaches a thousand.
    static func countAxis(upTo highest: Double, geometry g: ChartGeometry) -> (AxisScale, [AxisTick]) {
        let y = ChartTicks.linear(upTo: highest, count: 6)
        let scale = AxisScale(kind: .linear, lower: 0, upper: y.upper, start: g.plotBottom, end: g.plotTop)
        let decimals = ChartTicks.decimals(forStep: y.step)
        return (
            scale,
            y.values.map {
                AxisTick(
                    position: scale.position($0),
                    label: y.step >= 1000 ? ChartTicks.shortCount($0) : ChartTicks.fixed($0, decimals: decimals)
                )
            }
        )
    }

    /// The throughput chart (`svg` with `id`): one `path.series` per series with intervals, and its
    /// target as a dashed `line.target` (flat) or `path.target` (following its stages).
    package static func throughputSVG(id: String, series: [Series]) -> String {
        var chart = SVGChart(id: id, title: "Throughput per second")
        let xScale = setTimeAxis(of: &chart, series: series)
        let g = chart.geometry
        let rates =
            series.flatMap { throughputPoints($0.intervals).map(\.rate) } + series.compactMap(\.targetRate)
            + series.flatMap { $0.targetProfile?.map(\.rate) ?? [] }
        let (yScale, yTicks) = countAxis(upTo: (rates.max() ?? 0) * 1.05, geometry: g)
        chart.yTicks = yTicks
        chart.yLabel = "requests/s"
        for (index, item) in series.enumerated() {
            let color = Palette.color(index)
            let points = throughputPoints(item.intervals)
            let target =
                item.targetRate.map {
                    item.targetProfile == nil
                        ? ", target \(LatencyText.rate($0))/s (dashed)"
                        : ", target: the stages, mean \(LatencyText.rate($0))/s (dashed)"
                } ?? ", closed loop"
            chart.legend.append(
                LegendEntry(label: "\(item.name)\(points.isEmpty ? ": no intervals" : target)", color: color)
            )
            guard !points.isEmpty else { continue }
            let coordinates = points.map { (x: xScale.position($0.seconds), y: yScale.position($0.rate)) }
            chart.content.append(
                "<path class=\"series\" data-series=\"\(HTMLDocument.escape(item.name))\" stroke=\"\(color)\" d=\"\(SVGNumber.path(coordinates))\"><title>\(HTMLDocument.escape(item.name))</title></path>\n"
            )
            if let profile = item.targetProfile {
                let coordinates = profile.map { (x: xScale.position($0.seconds), y: yScale.position($0.rate)) }
                chart.content.append(
                    "<path class=\"target\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" fill=\"none\" d=\"\(SVGNumber.path(coordinates))\"/>\n"
                )
            } else if let target = item.targetRate {
                let ty = yScale.position(target)
                chart.content.append(
                    "<line class=\"target\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" x1=\"\(SVGNumber.text(g.plotLeft))\" y1=\"\(SVGNumber.text(ty))\" x2=\"\(SVGNumber.text(g.plotRight))\" y2=\"\(SVGNumber.text(ty))\"/>\n"
                )
            }
        }
        return chart.render()
    }

    /// The latency chart (`svg` with `id`): per series a solid `path.series` for the interval p99
    /// of response time and a dashed one for its p50.
    package static func latencySVG(id: String, series: [Series]) -> String {
        var chart = SVGChart(id: id, title: "Response time per second: p99 (solid) and p50 (dashed)")
        let xScale = setTimeAxis(of: &chart, series: series)
        let g = chart.geometry
        let highest = series.flatMap(\.intervals).compactMap { $0.responseTime.map { Double($0.p99) } }.max() ?? 0
        let y = LatencyUnit.ticks(upTo: highest * 1.05)
        let yScale = AxisScale(kind: .linear, lower: 0, upper: y.upper, start: g.plotBottom, end: g.plotTop)
        chart.yTicks = y.ticks.map { AxisTick(position: yScale.position($0.value), label: $0.label) }
        chart.yLabel = "response time (\(y.unit.name))"
        for (index, item) in series.enumerated() {
            let color = Palette.color(index)
            let intervals = item.intervals.filter { $0.responseTime != nil && $0.lengthSeconds > 0 }
            chart.legend.append(
                LegendEntry(
                    label: "\(item.name)\(intervals.isEmpty ? ": no per-interval percentiles in this file" : "")",
                    color: color
                )
            )
            guard !intervals.isEmpty else { continue }
            appendLines(
                to: &chart,
                series: item.name,
                title: item.name,
                color: color,
                intervals: intervals,
                xScale: xScale,
                yScale: yScale,
                solid: ("p99", { $0.responseTime?.p99 }),
                dashed: ("p50", { $0.responseTime?.p50 })
            )
        }
        return chart.render()
    }

    /// Appends one series' two lines over its intervals (each point at an interval's middle): the
    /// `solid` statistic, and the `dashed` one. A line is a `path.series.<statistic>`.
    static func appendLines(
        to chart: inout SVGChart,
        series name: String,
        title: String,
        color: String,
        intervals: [IntervalSummary],
        xScale: AxisScale,
        yScale: AxisScale,
        solid: (name: String, value: (IntervalSummary) -> UInt64?),
        dashed: (name: String, value: (IntervalSummary) -> UInt64?)
    ) {
        for (statistic, isDashed) in [(solid, false), (dashed, true)] {
            let coordinates = intervals.compactMap { interval -> (x: Double, y: Double)? in
                guard let value = statistic.value(interval) else { return nil }
                return (
                    x: xScale.position(interval.startSeconds + interval.lengthSeconds / 2),
                    y: yScale.position(Double(value))
                )
            }
            let dash = isDashed ? " stroke-dasharray=\"6 4\"" : ""
            chart.content.append(
                "<path class=\"series \(statistic.name)\" data-series=\"\(HTMLDocument.escape(name))\" stroke=\"\(color)\"\(dash) d=\"\(SVGNumber.path(coordinates))\"><title>\(HTMLDocument.escape(title)) \(statistic.name)</title></path>\n"
            )
        }
    }
}
