import BenchHarness
import Foundation

/// The sweep result file (`sweep --json`): schema version 1, `kind` `sweep`, sorted keys.
package struct SweepDocument: BenchDocument, Equatable {
    /// The `kind` key's value.
    package static let documentKind: String? = "sweep"

    /// Version of the file layout (1).
    package var schemaVersion = BenchDocumentHeader.schemaVersion
    /// Always `authz-bench`.
    package var tool = BenchDocumentHeader.tool
    /// Always `sweep` (a run result has no `kind`).
    package var kind = SweepDocument.documentKind ?? ""
    /// `BenchVersion.current` of the writer.
    package var version = BenchVersion.current
    /// Where it ran.
    package var environment: Environment
    /// Every input: the workload parameters or the trace path and record count, the seed, the
    /// strategies, capacities and shard counts.
    package var scenario: JSONValue
    /// One row per strategy x capacity (x shard count).
    package var rows: [Row]
    /// One sentence.
    package var recommendation: String

    /// One row of the file.
    package struct Row: Codable, Sendable, Equatable {
        /// Strategy name.
        package var strategy: String
        /// Capacity asked for.
        package var capacity: Int
        /// Shard count (`sharded` only; absent otherwise).
        package var shards: Int?
        /// Lookups replayed.
        package var requests: Int
        /// Lookups that hit.
        package var hits: Int
        /// `hits / requests`.
        package var hitRatio: Double
        /// Belady's MIN on the same sequence and capacity.
        package var optimalHitRatio: Double
        /// Lookups per second over the replay loop.
        package var throughput: Double
        /// The cache's own estimate (`approximateBytes / entries`) at the end.
        package var bytesPerEntry: Double
        /// Per-lookup time histogram (lookup, plus the insert on a miss).
        package var responseTime: HistogramSummary
        /// Best at its capacity.
        package var best: Bool
    }

    /// The document of `rows` for `scenario`.
    package init(scenario: JSONValue, rows: [SweepRow], environment: Environment = .current()) throws(BenchError) {
        self.environment = environment
        self.scenario = scenario
        var converted: [Row] = []
        for row in rows {
            converted.append(
                Row(
                    strategy: row.strategy,
                    capacity: row.capacity,
                    shards: row.shards,
                    requests: row.requests,
                    hits: row.hits,
                    hitRatio: row.hitRatio,
                    optimalHitRatio: row.optimalHitRatio,
                    throughput: row.throughput,
                    bytesPerEntry: row.bytesPerEntry,
                    responseTime: try HistogramSummary(row.responseTime),
                    best: row.best
                )
            )
        }
        self.rows = converted
        recommendation = Sweep.recommendation(rows)
    }
}
