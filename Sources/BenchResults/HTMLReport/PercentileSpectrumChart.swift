import BenchHarness
import Foundation
import HDRHistogram

/// The latency-by-percentile chart as HdrHistogram's plotter draws it: x is `1/(1-p)` on a log
/// scale (ticks `0%`, `90%`, `99%`, `99.9%` ...), y the latency, one line per histogram.
///
/// The y axis is linear, unless the values span more than ``logScaleSpan`` (the hot path's
/// microseconds beside the upstream's hundreds of milliseconds): then it is a log scale, so that
/// neither line is flattened against the axis.
///
/// The points are the percentile ticks of the whole decoded histogram (HdrHistogram's
/// `PercentileIterator`, the rows of a `.hgrm` file), not only the summary percentiles.
package enum PercentileSpectrumChart {
    /// One line of the chart.
    package struct Series: Sendable {
        /// Legend label (a file name).
        package var name: String
        /// The histogram (nanoseconds).
        package var histogram: HDRHistogram
    }

    /// Reporting ticks per half distance to 100% (as `.hgrm` files).
    package static let ticksPerHalfDistance = 5
    /// The fewest decades the x axis spans (0% to 99.999%).
    package static let minimumDecades = 5
    /// The most decades the x axis spans (0% to 99.99999%).
    package static let maximumDecades = 7
    /// The ratio of the highest to the lowest plotted value above which the y axis is logarithmic.
    package static let logScaleSpan = 100.0

    /// The x coordinate of `percentile` (0...100) in decades: `log10(1 / (1 - p/100))`; 0% is 0,
    /// 90% is 1, 99% is 2, 99.9% is 3; 100% is infinite.
    package static func xCoordinate(percentile: Double) -> Double {
        let remaining = 1 - percentile / 100
        guard remaining > 0 else { return .infinity }
        return log10(1 / remaining)
    }

    /// The tick label of decade `d`: `0%`, `90%`, `99%`, `99.9%`, `99.99%` ...
    package static func decadeLabel(_ decade: Int) -> String {
        switch decade {
        case 0: "0%"
        case 1: "90%"
        case 2: "99%"
        default: "99." + String(repeating: "9", count: decade - 2) + "%"
        }
    }

    /// The plotted points of `histogram`: (x in decades, value in ns) for every percentile tick
    /// below 100% (whose x is infinite), in order.
    package static func points(_ histogram: HDRHistogram) -> [(x: Double, value: UInt64)] {
        guard histogram.totalCount > 0 else { return [] }
        var points: [(x: Double, value: UInt64)] = []
        for step in histogram.percentiles(ticksPerHalfDistance: ticksPerHalfDistance) {
            let x = xCoordinate(percentile: step.percentileLevelIteratedTo)
            guard x.isFinite else { continue }
            points.append((x, step.valueIteratedTo))
        }
        return points
    }

    /// The decades the x axis spans for `series`: enough for their highest finite tick, between
    /// `minimumDecades` and `maximumDecades`.
    package static func decades(for series: [Series]) -> Int {
        let highest = series.flatMap { points($0.histogram) }.map(\.x).max() ?? 0
        return Swift.min(Swift.max(Int(highest.rounded(.up)), minimumDecades), maximumDecades)
    }

    /// The chart's `svg` element: one `path.series` per series with values, in palette order.
    package static func svg(id: String, title: String, yLabel: String, series: [Series]) -> String {
        var chart = SVGChart(id: id, title: title)
        let g = chart.geometry
        let decades = decades(for: series)
        let xScale = AxisScale(kind: .linear, lower: 0, upper: Double(decades), start: g.plotLeft, end: g.plotRight)
        let allPoints = series.map { points($0.histogram) }
        let values = allPoints.flatMap { $0.map { Double($0.value) } }
        let highest = values.max() ?? 0
        let lowest = values.filter { $0 > 0 }.min() ?? highest
        let yScale: AxisScale
        if lowest > 0, highest / lowest > logScaleSpan {
            let axis = AxisScale.latencyDecades(from: lowest, to: highest, start: g.plotBottom, end: g.plotTop)
            yScale = axis.scale
            chart.yTicks = axis.ticks
            chart.yLabel = "\(yLabel) (log scale)"
        } else {
            let y = LatencyUnit.ticks(upTo: highest)
            yScale = AxisScale(kind: .linear, lower: 0, upper: y.upper, start: g.plotBottom, end: g.plotTop)
            chart.yTicks = y.ticks.map { AxisTick(position: yScale.position($0.value), label: $0.label) }
            chart.yLabel = "\(yLabel) (\(y.unit.name))"
        }
        chart.xTicks = (0...decades).map { AxisTick(position: xScale.position(Double($0)), label: decadeLabel($0)) }
        chart.xLabel = "percentile (log scale of 1/(1-p))"
        for (index, item) in series.enumerated() {
            let color = Palette.color(index)
            let points = allPoints[index]
            let histogram = item.histogram
            let detail =
                histogram.totalCount == 0
                ? "no values"
                : "p50 \(LatencyText.duration(histogram.value(atPercentile: 50))), p99 \(LatencyText.duration(histogram.value(atPercentile: 99))), max \(LatencyText.duration(histogram.max))"
            chart.legend.append(LegendEntry(label: "\(item.name): \(detail)", color: color))
            guard !points.isEmpty else { continue }
            // A log axis has no 0: a value of 0 ns (below the histogram's resolution) sits on its floor.
            let floor = yScale.kind == .log10 ? yScale.lower : 0
            let coordinates = points.map {
                (x: xScale.position($0.x), y: yScale.position(Swift.max(Double($0.value), floor)))
            }
            chart.content.append(
                "<path class=\"series\" data-series=\"\(HTMLDocument.escape(item.name))\" stroke=\"\(color)\" d=\"\(SVGNumber.path(coordinates))\"><title>\(HTMLDocument.escape(item.name))</title></path>\n"
            )
        }
        return chart.render()
    }
}
