import Foundation

/// One inline SVG chart: a title, a plot area with grid lines, tick labels and axis titles, the
/// series drawn into it (already-built SVG elements) and a legend below the plot.
///
/// Plain SVG with classes for the style sheet; readable without JavaScript. Text from input files
/// is escaped here (title, axis titles, tick and legend labels).
package struct SVGChart {
    /// The `id` of the `svg` element (unique in the page).
    package var id: String
    /// The chart title drawn above the plot.
    package var title: String
    /// Size and margins.
    package var geometry = ChartGeometry()
    /// Ticks along the x axis, positions in SVG coordinates.
    package var xTicks: [AxisTick] = []
    /// Ticks along the y axis, positions in SVG coordinates.
    package var yTicks: [AxisTick] = []
    /// The x axis title.
    package var xLabel = ""
    /// The y axis title.
    package var yLabel = ""
    /// The series and marks, as SVG elements in plot coordinates.
    package var content: [String] = []
    /// Legend entries, one row each below the plot.
    package var legend: [LegendEntry] = []

    /// Height of one legend row.
    package static let legendRowHeight = 18.0

    /// The `svg` element.
    package func render() -> String {
        let g = geometry
        let height = g.height + Double(legend.count) * Self.legendRowHeight + (legend.isEmpty ? 0 : 6)
        var out = "<svg id=\"\(HTMLDocument.escape(id))\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\""
        out += " viewBox=\"0 0 \(SVGNumber.text(g.width)) \(SVGNumber.text(height))\""
        out += " width=\"\(SVGNumber.text(g.width))\" height=\"\(SVGNumber.text(height))\""
        out += " role=\"img\" aria-label=\"\(HTMLDocument.escape(title))\">\n"
        out += "<title>\(HTMLDocument.escape(title))</title>\n"
        out +=
            "<rect x=\"0\" y=\"0\" width=\"\(SVGNumber.text(g.width))\" height=\"\(SVGNumber.text(height))\" fill=\"#fff\"/>\n"
        out += text(title, x: g.width / 2, y: 22, anchor: "middle", className: "chart-title")
        out += "<g class=\"grid-lines\">\n"
        for tick in yTicks {
            out += line(x1: g.plotLeft, y1: tick.position, x2: g.plotRight, y2: tick.position, className: "grid")
        }
        for tick in xTicks {
            out += line(x1: tick.position, y1: g.plotTop, x2: tick.position, y2: g.plotBottom, className: "grid")
        }
        out += "</g>\n<g class=\"axes\">\n"
        out += line(x1: g.plotLeft, y1: g.plotBottom, x2: g.plotRight, y2: g.plotBottom, className: "axis")
        out += line(x1: g.plotLeft, y1: g.plotTop, x2: g.plotLeft, y2: g.plotBottom, className: "axis")
        for tick in yTicks {
            out += line(x1: g.plotLeft - 4, y1: tick.position, x2: g.plotLeft, y2: tick.position, className: "axis")
            out += text(tick.label, x: g.plotLeft - 7, y: tick.position + 4, anchor: "end", className: "tick-label")
        }
        for tick in xTicks {
            out += line(x1: tick.position, y1: g.plotBottom, x2: tick.position, y2: g.plotBottom + 4, className: "axis")
            out += text(tick.label, x: tick.position, y: g.plotBottom + 18, anchor: "middle", className: "tick-label")
        }
        out += text(
            xLabel,
            x: (g.plotLeft + g.plotRight) / 2,
            y: g.plotBottom + 38,
            anchor: "middle",
            className: "axis-label"
        )
        let yMiddle = (g.plotTop + g.plotBottom) / 2
        out +=
            "<text class=\"axis-label\" text-anchor=\"middle\" transform=\"translate(16 \(SVGNumber.text(yMiddle))) rotate(-90)\">"
        out += "\(HTMLDocument.escape(yLabel))</text>\n</g>\n<g class=\"plot\">\n"
        out += content.joined()
        out += "</g>\n"
        if !legend.isEmpty {
            out += "<g class=\"legend\">\n"
            for (row, entry) in legend.enumerated() {
                let y = g.height + Double(row) * Self.legendRowHeight
                out += entry.swatch(x: g.plotLeft, y: y)
                out += text(entry.label, x: g.plotLeft + 34, y: y + 4, anchor: "start", className: nil)
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// A `line` element.
    package func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String) -> String {
        "<line class=\"\(className)\" x1=\"\(SVGNumber.text(x1))\" y1=\"\(SVGNumber.text(y1))\" x2=\"\(SVGNumber.text(x2))\" y2=\"\(SVGNumber.text(y2))\"/>\n"
    }

    /// A `text` element with escaped content.
    package func text(_ content: String, x: Double, y: Double, anchor: String, className: String?) -> String {
        let classAttribute = className.map { " class=\"\($0)\"" } ?? ""
        return
            "<text\(classAttribute) x=\"\(SVGNumber.text(x))\" y=\"\(SVGNumber.text(y))\" text-anchor=\"\(anchor)\">\(HTMLDocument.escape(content))</text>\n"
    }
}

/// The size of a chart and the margins around its plot area (SVG user units).
package struct ChartGeometry: Sendable {
    /// Total width.
    package var width = 860.0
    /// Height of the chart without its legend.
    package var height = 420.0
    /// Margin left of the plot (y tick labels and axis title).
    package var left = 78.0
    /// Margin right of the plot.
    package var right = 28.0
    /// Margin above the plot (chart title).
    package var top = 40.0
    /// Margin below the plot (x tick labels and axis title).
    package var bottom = 58.0

    /// Left edge of the plot area.
    package var plotLeft: Double { left }
    /// Right edge of the plot area.
    package var plotRight: Double { width - right }
    /// Top edge of the plot area.
    package var plotTop: Double { top }
    /// Bottom edge of the plot area (the x axis).
    package var plotBottom: Double { height - bottom }
}

/// One tick: its SVG coordinate along the axis and its label.
package struct AxisTick: Sendable, Equatable {
    /// SVG coordinate (x for the x axis, y for the y axis).
    package var position: Double
    /// The label drawn beside it.
    package var label: String
}

/// One legend row: a line swatch (solid or dashed, in a colour) and a label.
package struct LegendEntry: Sendable, Equatable {
    /// The label (escaped when drawn).
    package var label: String
    /// Stroke colour of the swatch.
    package var color: String
    /// Whether the swatch is dashed.
    package var dashed = false
    /// The CSS class of the swatch (`series` or `optimal`).
    package var className = "series"

    /// The swatch line at row position `y`.
    package func swatch(x: Double, y: Double) -> String {
        let dash = dashed ? " stroke-dasharray=\"6 4\"" : ""
        return
            "<line class=\"\(className)\" x1=\"\(SVGNumber.text(x))\" y1=\"\(SVGNumber.text(y))\" x2=\"\(SVGNumber.text(x + 26))\" y2=\"\(SVGNumber.text(y))\" stroke=\"\(color)\"\(dash)/>\n"
    }
}

/// A map from data values to SVG coordinates along one axis, linear or base-10 logarithmic.
package struct AxisScale: Sendable {
    /// Linear or logarithmic.
    package enum Kind: Sendable { case linear, log10 }
    /// How values map.
    package var kind: Kind
    /// Data value at `start`.
    package var lower: Double
    /// Data value at `end`.
    package var upper: Double
    /// SVG coordinate of `lower`.
    package var start: Double
    /// SVG coordinate of `upper`.
    package var end: Double

    /// The SVG coordinate of `value` (values outside the domain are clamped to it).
    package func position(_ value: Double) -> Double {
        let t: Double
        switch kind {
        case .linear:
            t = upper == lower ? 0 : (value - lower) / (upper - lower)
        case .log10:
            let low = Foundation.log10(lower)
            let high = Foundation.log10(upper)
            t = high == low || value <= 0 ? 0 : (Foundation.log10(value) - low) / (high - low)
        }
        return start + (end - start) * Swift.min(Swift.max(t, 0), 1)
    }
}

/// Numbers in SVG attributes: one decimal, no exponent.
package enum SVGNumber {
    /// `x` with at most one decimal (`12`, `12.5`); non-finite values as `0`.
    package static func text(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let rounded = (x * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(format: "%.1f", rounded)
    }

    /// An SVG path through `points` (`M x y L x y ...`).
    package static func path(_ points: [(x: Double, y: Double)]) -> String {
        var out = ""
        for (index, point) in points.enumerated() {
            out += (index == 0 ? "M" : " L") + "\(text(point.x)) \(text(point.y))"
        }
        return out
    }
}

/// Series colours (Okabe-Ito, distinguishable with colour-vision deficiencies, then a brown, a grey
/// and Tol's indigo and olive): ten, so that a sweep of every strategy, the sharded one at two shard
/// counts, draws no two series alike.
package enum Palette {
    /// The colours in order.
    package static let colors = [
        "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C564B", "#7F7F7F", "#332288",
        "#999933",
    ]

    /// The colour of series `index` (cycling).
    package static func color(_ index: Int) -> String { colors[index % colors.count] }
}

extension AxisScale {
    /// A base-10 logarithmic latency axis over the whole decades that hold `lowest` to `highest`
    /// (nanoseconds), drawn from `start` to `end`, with a tick at each decade labelled `10µs`, `1ms`.
    static func latencyDecades(
        from lowest: Double,
        to highest: Double,
        start: Double,
        end: Double
    ) -> (scale: AxisScale, ticks: [AxisTick]) {
        let decades = ChartTicks.decades(from: lowest, to: highest)
        let scale = AxisScale(
            kind: .log10,
            lower: decades.first ?? 1,
            upper: decades.last ?? 10,
            start: start,
            end: end
        )
        return (scale, decades.map { AxisTick(position: scale.position($0), label: LatencyUnit.decadeLabel($0)) })
    }
}
