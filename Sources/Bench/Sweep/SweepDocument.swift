import Foundation

/// The sweep result file (`sweep --json`): schema version 1, `kind` `sweep`, sorted keys.
struct SweepDocument: Codable, Sendable, Equatable {
    /// Version of the file layout (1).
    var schemaVersion = 1
    /// Always `authz-bench`.
    var tool = "authz-bench"
    /// Always `sweep` (a run result has no `kind`).
    var kind = "sweep"
    /// `BenchVersion.current` of the writer.
    var version = BenchVersion.current
    /// Where it ran.
    var environment: Environment
    /// Every input: the workload parameters or the trace path and record count, the seed, the
    /// strategies, capacities and shard counts.
    var scenario: JSONValue
    /// One row per strategy x capacity (x shard count).
    var rows: [Row]
    /// One sentence.
    var recommendation: String

    /// One row of the file.
    struct Row: Codable, Sendable, Equatable {
        /// Strategy name.
        var strategy: String
        /// Capacity asked for.
        var capacity: Int
        /// Shard count (`sharded` only; absent otherwise).
        var shards: Int?
        /// Lookups replayed.
        var requests: Int
        /// Lookups that hit.
        var hits: Int
        /// `hits / requests`.
        var hitRatio: Double
        /// Belady's MIN on the same sequence and capacity.
        var optimalHitRatio: Double
        /// Lookups per second over the replay loop.
        var throughput: Double
        /// The cache's own estimate (`approximateBytes / entries`) at the end.
        var bytesPerEntry: Double
        /// Per-lookup time histogram (lookup, plus the insert on a miss).
        var responseTime: HistogramSummary
        /// Best at its capacity.
        var best: Bool
    }

    /// The document of `rows` for `scenario`.
    init(scenario: JSONValue, rows: [SweepRow], environment: Environment = .current()) throws(CLIError) {
        self.environment = environment
        self.scenario = scenario
        var converted: [Row] = []
        for row in rows {
            converted.append(Row(
                strategy: row.strategy, capacity: row.capacity, shards: row.shards, requests: row.requests,
                hits: row.hits, hitRatio: row.hitRatio, optimalHitRatio: row.optimalHitRatio,
                throughput: row.throughput, bytesPerEntry: row.bytesPerEntry,
                responseTime: try HistogramSummary(row.responseTime), best: row.best))
        }
        self.rows = converted
        recommendation = Sweep.recommendation(rows)
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    func jsonData() throws(CLIError) -> Data {
        try PrettyJSON.data(self, what: "the sweep result")
    }

    /// Writes the document to `path` atomically (temporary file + rename).
    func write(to path: String) throws(CLIError) {
        try AtomicFile.write(try jsonData(), to: path)
    }
}
