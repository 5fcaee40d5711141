/// One measured figure, the unit every dashboard format is written from: Bencher Metric Format
/// (`BencherMetricFormat`) groups figures by `benchmark` and `measure`; github-action-benchmark
/// (`GitHubBenchmark`) splits them by `direction` into its smaller- and bigger-is-better files.
///
/// A command that measures something new (`capacity`, say) reaches both formats by building its
/// figures and handing them to `OutputFormat.write(to:result:figures:)`:
///
/// ```swift
/// let format = try OutputFormat.parse(args.value("format"), json: args.value("json"))
/// // ... measure ...
/// try format.write(to: jsonPath, result: { () throws(BenchError) -> Data in try document.jsonData() }, figures: {
///     [BenchmarkFigure(benchmark: "authz-bench/capacity/steady", measure: "throughput", value: knee,
///                      lower: kneeLow, upper: kneeHigh, unit: "req/s", direction: .biggerIsBetter)]
///         + BenchmarkFigure.latency(benchmark: "authz-bench/capacity/steady/responseTime",
///                                   histogram: responseAtKnee, context: "at the knee")
/// })
/// ```
package struct BenchmarkFigure: Sendable, Equatable {
    /// Which way is better; github-action-benchmark needs it to pick the file.
    package enum Direction: String, Sendable, Equatable {
        /// Latencies, times per operation: `customSmallerIsBetter`.
        case smallerIsBetter
        /// Throughput, hit ratios: `customBiggerIsBetter`.
        case biggerIsBetter
    }

    /// What was measured, as a stable slash-separated name (`authz-bench/run/steady/responseTime`);
    /// dashboards track a series by it.
    package var benchmark: String
    /// The kind of figure: a Bencher measure slug (`latency` in ns and `throughput` in ops/s are
    /// Bencher's built-in ones; `latency-p99`, `hit-ratio` ... are created on first upload).
    package var measure: String
    /// The figure.
    package var value: Double
    /// Lower end of its spread (Bencher's `lower_value`), at most `value`; nil when not known.
    package var lower: Double?
    /// Upper end of its spread (Bencher's `upper_value`), at least `value`; nil when not known.
    package var upper: Double?
    /// Unit shown by github-action-benchmark (`ns`, `ns/op`, `req/s`, `ratio`); Bencher takes the
    /// unit from the measure.
    package var unit: String
    /// Which way is better.
    package var direction: Direction
    /// One line of context (github-action-benchmark's `extra`: the scenario, the statistics the
    /// bounds are); not part of the identity of the series.
    package var context: String?

    /// A figure; the bounds are widened to include `value` so that `lower <= value <= upper` holds
    /// whatever rounding the statistics they come from had.
    package init(
        benchmark: String,
        measure: String,
        value: Double,
        lower: Double? = nil,
        upper: Double? = nil,
        unit: String,
        direction: Direction,
        context: String? = nil
    ) {
        self.benchmark = benchmark
        self.measure = measure
        self.value = value
        self.lower = lower.map { Swift.min($0, value) }
        self.upper = upper.map { Swift.max($0, value) }
        self.unit = unit
        self.direction = direction
        self.context = context
    }
}
