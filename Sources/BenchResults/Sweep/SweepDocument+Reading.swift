import Foundation
import BenchHarness

/// Reading sweep result files (`report` reads them): every key checked, errors naming the JSON path.
extension SweepDocument {
    /// Parses and checks sweep JSON; `file` names it in the one-line error (exit 65).
    package static func parse(_ data: Data, file: String) throws(BenchError) -> SweepDocument {
        let document: SweepDocument
        do {
            document = try JSONDecoder().decode(SweepDocument.self, from: data)
        } catch let error as DecodingError {
            throw .badInput("\(file): \(ResultDocument.describe(error).replacingOccurrences(of: "a schemaVersion 1 result", with: "a schemaVersion 1 sweep result"))")
        } catch {
            throw .badInput("\(file): not an authz-bench sweep result: \(error)")
        }
        guard document.schemaVersion == ResultDocument.currentSchemaVersion else {
            throw .badInput("\(file): $.schemaVersion: expected \(ResultDocument.currentSchemaVersion), found \(document.schemaVersion)")
        }
        guard document.tool == "authz-bench" else {
            throw .badInput("\(file): $.tool: expected \"authz-bench\", found \"\(document.tool)\"")
        }
        guard !document.rows.isEmpty else { throw .badInput("\(file): $.rows: empty; expected at least one sweep row") }
        for (index, row) in document.rows.enumerated() {
            _ = try row.responseTime.decoded(file: file, path: "$.rows[\(index)].responseTime")
            guard row.capacity > 0 else {
                throw .badInput("\(file): $.rows[\(index)].capacity: expected a positive integer, found \(row.capacity)")
            }
            for (key, ratio) in [("hitRatio", row.hitRatio), ("optimalHitRatio", row.optimalHitRatio)]
            where !(0...1).contains(ratio) {
                throw .badInput("\(file): $.rows[\(index)].\(key): expected a ratio in 0...1, found \(ratio)")
            }
        }
        return document
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
