import Foundation

/// Tick values and labels for chart axes: round linear steps, decades, latency units.
package enum ChartTicks {
    /// Round linear ticks from 0 to at least `maximum` (about `count` steps of 1, 2 or 5 times a
    /// power of ten); `upper` is the last tick.
    package static func linear(upTo maximum: Double, count: Int = 5) -> (upper: Double, step: Double, values: [Double])
    {
        guard maximum.isFinite, maximum > 0 else { return (1, 0.2, [0, 0.2, 0.4, 0.6, 0.8, 1]) }
        let rough = maximum / Double(Swift.max(count, 1))
        let magnitude = pow(10, floor(log10(rough)))
        let residual = rough / magnitude
        let step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude
        let steps = Int((maximum / step).rounded(.up))
        let values = (0...Swift.max(steps, 1)).map { Double($0) * step }
        return (values.last ?? step, step, values)
    }

    /// The powers of ten from the one at or below `lower` to the one at or above `upper` (both > 0).
    package static func decades(from lower: Double, to upper: Double) -> [Double] {
        let low = Int(floor(log10(Swift.max(lower, 1e-12))))
        var high = Int(ceil(log10(Swift.max(upper, 1e-12))))
        if high <= low { high = low + 1 }
        return (low...high).map { pow(10, Double($0)) }
    }

    /// `value` with `decimals` decimals.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(Swift.max(decimals, 0))f", value)
    }

    /// The decimals a tick step needs (0 for 1, 1 for 0.5, 2 for 0.25 ...), at most 3.
    package static func decimals(forStep step: Double) -> Int {
        guard step > 0, step.isFinite else { return 0 }
        var decimals = 0
        var scaled = step
        while decimals < 3, abs(scaled - scaled.rounded()) > 1e-9 * Swift.max(1, abs(scaled)) {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    /// A count in short form: `950`, `1k`, `2.5k`, `100k`, `1M`, `1.5G`.
    package static func shortCount(_ value: Double) -> String {
        let units: [(Double, String)] = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (scale, suffix) in units where value >= scale {
            let scaled = value / scale
            return (scaled == scaled.rounded() ? String(Int64(scaled)) : String(format: "%.3g", scaled)) + suffix
        }
        return value == value.rounded() ? String(Int64(value)) : String(format: "%.3g", value)
    }
}

/// A time unit for a latency axis, chosen so that tick labels are short numbers.
package struct LatencyUnit: Sendable, Equatable {
    /// `ns`, `µs`, `ms` or `s`.
    package var name: String
    /// Nanoseconds per unit.
    package var nanoseconds: Double

    /// The unit for an axis whose largest value is `maximum` nanoseconds.
    package static func forMaximum(_ maximum: Double) -> LatencyUnit {
        if maximum >= 2e9 { return LatencyUnit(name: "s", nanoseconds: 1e9) }
        if maximum >= 2e6 { return LatencyUnit(name: "ms", nanoseconds: 1e6) }
        if maximum >= 2e3 { return LatencyUnit(name: "µs", nanoseconds: 1e3) }
        return LatencyUnit(name: "ns", nanoseconds: 1)
    }

    /// Round linear ticks (in nanoseconds) from 0 to at least `maximum` ns, labelled in this unit.
    package static func ticks(
        upTo maximum: Double,
        count: Int = 6
    ) -> (unit: LatencyUnit, upper: Double, ticks: [(value: Double, label: String)]) {
        let unit = forMaximum(maximum)
        let scaled = ChartTicks.linear(upTo: maximum / unit.nanoseconds, count: count)
        let decimals = ChartTicks.decimals(forStep: scaled.step)
        let ticks = scaled.values.map {
            (value: $0 * unit.nanoseconds, label: ChartTicks.fixed($0, decimals: decimals))
        }
        return (unit, scaled.upper * unit.nanoseconds, ticks)
    }

    /// A decade value in nanoseconds as a short label: `10ns`, `100ns`, `1µs`, `10µs`, `1ms`, `1s`.
    package static func decadeLabel(_ nanoseconds: Double) -> String {
        let units: [(Double, String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
        for (scale, name) in units where nanoseconds >= scale * 0.999 {
            return ChartTicks.shortCount((nanoseconds / scale).rounded()) + name
        }
        return nanoseconds >= 1 ? String(Int64(nanoseconds.rounded())) + "ns" : String(format: "%.2gns", nanoseconds)
    }
}
