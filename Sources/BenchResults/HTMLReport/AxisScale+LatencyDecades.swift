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
