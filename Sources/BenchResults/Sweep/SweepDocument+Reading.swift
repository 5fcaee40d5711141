import BenchHarness
import Foundation

/// Reading sweep result files (`report` reads them): every key checked, errors naming the JSON path.
extension SweepDocument {
    /// At least one row; every row's histogram decodes, its capacity is positive and its ratios
    /// lie in 0...1.
    package func check(file: String) throws(BenchError) {
        guard !rows.isEmpty else { throw .badInput("\(file): $.rows: empty; expected at least one sweep row") }
        for (index, row) in rows.enumerated() {
            _ = try row.responseTime.decoded(file: file, path: "$.rows[\(index)].responseTime")
            guard row.capacity > 0 else {
                throw .badInput(
                    "\(file): $.rows[\(index)].capacity: expected a positive integer, found \(row.capacity)"
                )
            }
            for (key, ratio) in [("hitRatio", row.hitRatio), ("optimalHitRatio", row.optimalHitRatio)]
            where !(0...1).contains(ratio) {
                throw .badInput("\(file): $.rows[\(index)].\(key): expected a ratio in 0...1, found \(ratio)")
            }
        }
    }

    /// The series label of a row: the strategy, with its shard count when given (`sharded x8`).
    package static func seriesName(_ row: SweepDocument.Row) -> String {
        row.shards.map { "\(row.strategy) x\($0)" } ?? row.strategy
    }

    /// Series labels in first-appearance order.
    package var seriesNames: [String] {
        var names: [String] = []
        for row in rows where !names.contains(Self.seriesName(row)) { names.append(Self.seriesName(row)) }
        return names
    }

    /// The optimal (Belady) hit ratio at each capacity: the highest any row reports there.
    package var optimalByCapacity: [(capacity: Int, ratio: Double)] {
        var best: [Int: Double] = [:]
        for row in rows { best[row.capacity] = Swift.max(best[row.capacity] ?? 0, row.optimalHitRatio) }
        return best.keys.sorted().map { ($0, best[$0] ?? 0) }
    }
}
