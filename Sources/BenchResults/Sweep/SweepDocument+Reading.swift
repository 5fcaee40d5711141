import BenchHarness
import Foundation

/// Reading sweep result files (`report` reads them): every key checked, errors naming the JSON path.
extension SweepDocument {
    /// At least one row; every row's histogram decodes and gives its figures, its capacity is
    /// positive, its counts, ratios and rates are in range, and its hit ratio is its hits over
    /// its requests.
    package func check(file: String) throws(BenchError) {
        guard !rows.isEmpty else { throw .badInput("\(file): $.rows: empty; expected at least one sweep row") }
        let check = FigureCheck(file: file)
        for (index, row) in rows.enumerated() {
            let path = "$.rows[\(index)]"
            let histogram = try row.responseTime.decoded(file: file, path: "\(path).responseTime")
            try check.histogram(row.responseTime, histogram, "\(path).responseTime")
            guard row.capacity > 0 else {
                throw .badInput("\(file): \(path).capacity: expected a positive integer, found \(row.capacity)")
            }
            try check.count(row.capacity, "\(path).capacity")
            if let shards = row.shards { try check.count(shards, "\(path).shards") }
            try check.count(row.requests, "\(path).requests")
            try check.count(row.hits, "\(path).hits", atMost: row.requests)
            for (key, ratio) in [("hitRatio", row.hitRatio), ("optimalHitRatio", row.optimalHitRatio)] {
                try check.share(ratio, "\(path).\(key)")
            }
            let ratio = row.requests == 0 ? 0 : Double(row.hits) / Double(row.requests)
            try check.agrees(row.hitRatio, ratio, "\(path).hitRatio", "\(path).hits / \(path).requests")
            try check.number(row.throughput, "\(path).throughput", in: 0...Double.greatestFiniteMagnitude, "a rate")
            try check.number(row.bytesPerEntry, "\(path).bytesPerEntry", in: 0...Double(FigureCheck.maxCount), "bytes")
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
