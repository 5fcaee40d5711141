import BenchHarness
import Foundation

extension BenchmarkFigure {
    /// The figures of `micro` rows, one benchmark per row (`authz-bench/micro/<row name>`):
    ///
    /// - `latency`: the median time per operation over batches (ns/op), up to the 99th percentile
    ///   batch; no lower bound (the fastest batch is not kept); smaller is better;
    /// - `throughput`: operations per second over all threads (median batch), down to the rate of
    ///   the 99th percentile batch; bigger is better.
    package static func micro(_ rows: [MicroResult]) -> [BenchmarkFigure] {
        rows.flatMap { row -> [BenchmarkFigure] in
            let benchmark = "authz-bench/micro/\(row.name)"
            let context = microContext(row)
            let slowestRate = row.p99 > 0 ? row.opsPerSec * row.nsPerOp / row.p99 : nil
            return [
                BenchmarkFigure(
                    benchmark: benchmark,
                    measure: "latency",
                    value: row.nsPerOp,
                    upper: row.p99,
                    unit: "ns/op",
                    direction: .smallerIsBetter,
                    context: "median batch (bound: p99 batch); " + context
                ),
                BenchmarkFigure(
                    benchmark: benchmark,
                    measure: "throughput",
                    value: row.opsPerSec,
                    lower: slowestRate,
                    unit: "ops/s",
                    direction: .biggerIsBetter,
                    context: "median batch (bound: p99 batch); " + context
                ),
            ]
        }
    }

    /// One line on a row: p99, threads, batches, the reference ratio and bytes per entry.
    static func microContext(_ row: MicroResult) -> String {
        var extra = "p99 \(String(format: "%.1f", row.p99)) ns, \(row.threads) thread(s), \(row.batches) batch(es)"
        if let ratio = row.ratio, let label = row.referenceLabel {
            extra += ", ratio \(String(format: "%.3f", ratio)) vs \(label)"
        }
        if let bytes = row.bytesPerEntry { extra += ", \(String(format: "%.1f", bytes)) bytes/entry" }
        return extra
    }
}
