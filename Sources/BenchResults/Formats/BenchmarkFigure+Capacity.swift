import BenchHarness

extension BenchmarkFigure {
    /// The figures of a capacity result, under `authz-bench/capacity/<scenario name, or custom>`:
    ///
    /// - the benchmark itself: `throughput`, the knee in requests per second, bounded by the
    ///   highest rate that passed and the lowest that failed (the knee's uncertainty), bigger is better;
    /// - `.../responseTime`: `latency` (p50) and `latency-p99` of the knee's last passing run, ns,
    ///   smaller is better.
    ///
    /// Empty when no knee was found: a dashboard must not plot a search that failed at its start
    /// rate as a capacity of zero.
    package static func capacity(_ document: CapacityDocument) -> [BenchmarkFigure] {
        guard let knee = document.knee else { return [] }
        let name = document.scenario["name"]?.stringValue ?? "custom"
        let benchmark = "authz-bench/capacity/\(name)"
        let context = "SLO \(document.slo.joined(separator: ", ")); \(document.stepCount) steps"
        var figures = [
            BenchmarkFigure(
                benchmark: benchmark,
                measure: "throughput",
                value: knee.rate,
                lower: knee.lower,
                upper: knee.upper,
                unit: "req/s",
                direction: .biggerIsBetter,
                context: "knee (bounds: highest pass, lowest fail); " + context
            )
        ]
        if let step = document.steps.last(where: { $0.rate == knee.rate && $0.passed }) {
            let p = step.responseTime
            figures.append(
                BenchmarkFigure(
                    benchmark: benchmark + "/responseTime",
                    measure: "latency",
                    value: Double(p.p50),
                    upper: Double(p.p99),
                    unit: "ns",
                    direction: .smallerIsBetter,
                    context: "p50 at the knee (upper bound: p99); " + context
                )
            )
            figures.append(
                BenchmarkFigure(
                    benchmark: benchmark + "/responseTime",
                    measure: "latency-p99",
                    value: Double(p.p99),
                    lower: Double(p.p50),
                    upper: Double(p.p999),
                    unit: "ns",
                    direction: .smallerIsBetter,
                    context: "p99 at the knee (bounds: p50, p99.9); " + context
                )
            )
        }
        return figures
    }
}
