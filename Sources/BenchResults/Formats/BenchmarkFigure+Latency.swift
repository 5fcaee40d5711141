import BenchHarness

extension BenchmarkFigure {
    /// The latency measures of one histogram, in nanoseconds, smaller is better:
    ///
    /// - `latency` (Bencher's built-in measure): the median, bounded by the minimum and the 99th
    ///   percentile (the typical request and the spread most requests see);
    /// - `latency-p99`: the 99th percentile, bounded by the 90th and the 99.9th;
    /// - `latency-p99-9`: the 99.9th percentile, bounded by the 99th and the maximum.
    ///
    /// Percentiles rather than the mean: latency is not normally distributed, and the tail is what
    /// the service's users notice.
    package static func latency(
        benchmark: String,
        histogram: HistogramSummary,
        unit: String = "ns",
        context: String? = nil
    ) -> [BenchmarkFigure] {
        let h = histogram
        func figure(
            _ measure: String,
            _ value: UInt64,
            _ lower: UInt64,
            _ upper: UInt64,
            _ what: String
        ) -> BenchmarkFigure {
            BenchmarkFigure(
                benchmark: benchmark,
                measure: measure,
                value: Double(value),
                lower: Double(lower),
                upper: Double(upper),
                unit: unit,
                direction: .smallerIsBetter,
                context: [what, context].compactMap { $0 }.joined(separator: "; ")
            )
        }
        return [
            figure(
                "latency",
                h.p50,
                h.min,
                h.p99,
                "p50 (bounds: min, p99) of \(LatencyText.count(Int(h.count))) requests"
            ),
            figure("latency-p99", h.p99, h.p90, h.p999, "p99 (bounds: p90, p99.9)"),
            figure("latency-p99-9", h.p999, h.p99, h.max, "p99.9 (bounds: p99, max)"),
        ]
    }
}
