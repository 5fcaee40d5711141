import Foundation

/// A sweep result file (`sweep --json`, `"kind": "sweep"`), as the report reads it (the writer is
/// `SweepDocument`; this reader checks every key and names the JSON path of a missing one).
///
/// Schema version 1: `environment` as in run results, `scenario` (every input), `rows` (one per
/// strategy, capacity and shard count) and a one-sentence `recommendation`.
struct SweepResultFile: Decodable, Sendable, Equatable {
    /// Version of the file layout (1).
    var schemaVersion: Int
    /// Always `authz-bench`.
    var tool: String
    /// Always `sweep`.
    var kind: String
    /// Version of the writer.
    var version: String
    /// Where it ran.
    var environment: Environment
    /// Every input of the sweep.
    var scenario: JSONValue
    /// One row per strategy and capacity (and shard count).
    var rows: [SweepResultRow]
    /// The sweep's conclusion in one sentence.
    var recommendation: String

    /// Parses and checks sweep JSON; `file` names it in the one-line error (exit 65).
    static func parse(_ data: Data, file: String) throws(CLIError) -> SweepResultFile {
        let document: SweepResultFile
        do {
            document = try JSONDecoder().decode(SweepResultFile.self, from: data)
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
    static func seriesName(_ row: SweepResultRow) -> String {
        row.shards.map { "\(row.strategy) x\($0)" } ?? row.strategy
    }

    /// Series labels in first-appearance order.
    var seriesNames: [String] {
        var names: [String] = []
        for row in rows where !names.contains(Self.seriesName(row)) { names.append(Self.seriesName(row)) }
        return names
    }

    /// The optimal (Belady) hit ratio at each capacity: the highest any row reports there.
    var optimalByCapacity: [(capacity: Int, ratio: Double)] {
        var best: [Int: Double] = [:]
        for row in rows { best[row.capacity] = Swift.max(best[row.capacity] ?? 0, row.optimalHitRatio) }
        return best.keys.sorted().map { ($0, best[$0] ?? 0) }
    }
}

/// One row of a sweep: a strategy at one capacity.
struct SweepResultRow: Decodable, Sendable, Equatable {
    /// Cache strategy (`lru`, `sieve`, ...).
    var strategy: String
    /// Entries the cache may hold.
    var capacity: Int
    /// Shard count, when the strategy is sharded.
    var shards: Int?
    /// Accesses replayed.
    var requests: Int
    /// Accesses that hit.
    var hits: Int
    /// `hits / requests`.
    var hitRatio: Double
    /// The hit ratio of Belady's optimal (clairvoyant) policy at this capacity.
    var optimalHitRatio: Double
    /// Accesses per second.
    var throughput: Double
    /// Estimated bytes per cache entry.
    var bytesPerEntry: Double
    /// Latency per access (the run results' histogram summary).
    var responseTime: HistogramSummary
    /// Whether this row is the sweep's recommendation.
    var best: Bool
}
