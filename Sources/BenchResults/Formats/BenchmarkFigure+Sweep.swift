import Foundation

extension BenchmarkFigure {
    /// The figures of a sweep, one benchmark per strategy x capacity
    /// (`authz-bench/sweep/<strategy>/<capacity>`; the sharded strategy as `sharded-<shards>`):
    ///
    /// - `hit-ratio`: hits / lookups (a fraction), up to Belady's optimal hit ratio at the same
    ///   capacity (no strategy can do better on the sequence); bigger is better;
    /// - the latency measures of the per-lookup time (`latency(benchmark:histogram:unit:context:)`);
    /// - `throughput`: lookups per second of the replay loop, one thread; bigger is better.
    package static func sweep(_ document: SweepDocument) -> [BenchmarkFigure] {
        let source = document.scenario["source"]?.stringValue ?? "synthetic"
        return document.rows.flatMap { row -> [BenchmarkFigure] in
            let strategy = row.shards.map { "\(row.strategy)-\($0)" } ?? row.strategy
            let benchmark = "authz-bench/sweep/\(strategy)/\(row.capacity)"
            let context =
                "\(source) sequence, \(row.requests) lookups, capacity \(row.capacity)"
                + String(format: ", optimal hit ratio %.4f", row.optimalHitRatio)
                + (row.best ? ", best at its capacity" : "")
            return [
                BenchmarkFigure(
                    benchmark: benchmark,
                    measure: "hit-ratio",
                    value: row.hitRatio,
                    upper: row.optimalHitRatio,
                    unit: "ratio",
                    direction: .biggerIsBetter,
                    context: "hits / lookups (bound: optimal); " + context
                )
            ] + latency(benchmark: benchmark, histogram: row.responseTime, context: context) + [
                BenchmarkFigure(
                    benchmark: benchmark,
                    measure: "throughput",
                    value: row.throughput,
                    unit: "lookups/s",
                    direction: .biggerIsBetter,
                    context: context
                )
            ]
        }
    }
}
