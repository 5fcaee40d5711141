/// One row of a sweep: one strategy at one capacity (and shard count, for `sharded`).
struct SweepRow: Sendable {
    /// The strategy (`CacheStrategyKind` raw value).
    var strategy: String
    /// The capacity asked for.
    var capacity: Int
    /// The shard count (`sharded` only).
    var shards: Int?
    /// Lookups replayed.
    var requests: Int
    /// Lookups that hit.
    var hits: Int
    /// Hits of Belady's MIN on the same sequence and capacity.
    var optimalHits: Int
    /// Per-lookup time (lookup, plus the insert on a miss), nanoseconds.
    var responseTime: HDRHistogram
    /// Wall time of the replay loop, nanoseconds.
    var elapsedNanos: UInt64
    /// The cache's own estimate of its bytes per entry at the end (`approximateBytes / entries`).
    var bytesPerEntry: Double
    /// Whether this row is the best at its capacity (highest hit ratio; ties: lower p99).
    var best = false

    /// `hits / requests` (0 without lookups).
    var hitRatio: Double { requests == 0 ? 0 : Double(hits) / Double(requests) }
    /// `optimalHits / requests`.
    var optimalHitRatio: Double { requests == 0 ? 0 : Double(optimalHits) / Double(requests) }
    /// Lookups per second over the replay loop.
    var throughput: Double { elapsedNanos == 0 ? 0 : Double(requests) / (Double(elapsedNanos) / 1e9) }
    /// The 99th percentile of `responseTime`, nanoseconds.
    var p99: UInt64 { responseTime.value(atPercentile: 99) }
    /// The label of the row: `lru` or `sharded/16`.
    var label: String { shards.map { "\(strategy)/\($0)" } ?? strategy }
}
