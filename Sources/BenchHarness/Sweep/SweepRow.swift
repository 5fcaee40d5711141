import HDRHistogram

/// One row of a sweep: one strategy at one capacity (and shard count, for `sharded`).
package struct SweepRow: Sendable {
    /// The strategy (`CacheStrategyKind` raw value).
    package var strategy: String
    /// The capacity asked for.
    package var capacity: Int
    /// The shard count (`sharded` only).
    package var shards: Int?
    /// Lookups replayed.
    package var requests: Int
    /// Lookups that hit.
    package var hits: Int
    /// Hits of Belady's MIN on the same sequence and capacity.
    package var optimalHits: Int
    /// Per-lookup time (lookup, plus the insert on a miss), nanoseconds.
    package var responseTime: HDRHistogram
    /// Wall time of the replay loop, nanoseconds.
    package var elapsedNanos: UInt64
    /// The cache's own estimate of its bytes per entry at the end (`approximateBytes / entries`).
    package var bytesPerEntry: Double
    /// Whether this row is the best at its capacity (highest hit ratio; ties: lower p99).
    package var best: Bool
    /// Creates a value from its stored properties.
    package init(
        strategy: String,
        capacity: Int,
        shards: Int? = nil,
        requests: Int,
        hits: Int,
        optimalHits: Int,
        responseTime: HDRHistogram,
        elapsedNanos: UInt64,
        bytesPerEntry: Double,
        best: Bool = false
    ) {
        self.strategy = strategy
        self.capacity = capacity
        self.shards = shards
        self.requests = requests
        self.hits = hits
        self.optimalHits = optimalHits
        self.responseTime = responseTime
        self.elapsedNanos = elapsedNanos
        self.bytesPerEntry = bytesPerEntry
        self.best = best
    }

    /// `hits / requests` (0 without lookups).
    package var hitRatio: Double { requests == 0 ? 0 : Double(hits) / Double(requests) }
    /// `optimalHits / requests`.
    package var optimalHitRatio: Double { requests == 0 ? 0 : Double(optimalHits) / Double(requests) }
    /// Lookups per second over the replay loop.
    package var throughput: Double { elapsedNanos == 0 ? 0 : Double(requests) / (Double(elapsedNanos) / 1e9) }
    /// The 99th percentile of `responseTime`, nanoseconds.
    package var p99: UInt64 { responseTime.value(atPercentile: 99) }
    /// The label of the row: `lru` or `sharded/16`.
    package var label: String { shards.map { "\(strategy)/\($0)" } ?? strategy }
}
