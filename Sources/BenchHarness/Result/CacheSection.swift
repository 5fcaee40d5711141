import AuthZCore

/// The result's `cache` section: each engine cache's counters under `caches`, and beside them both
/// caches together (the counters `CacheStats` marks totalled, and its ratios), derived when written.
package struct CacheSection: Sendable, Equatable {
    /// Strategy name (``unknownStrategy`` when merged from `.hlog` files only).
    package var strategy: String
    /// The strategy of a result merged from `.hlog` files only: they carry no cache statistics.
    package static let unknownStrategy = "unknown"
    /// Capacity of each cache.
    package var capacity: Int
    /// Each cache's own counters.
    package var caches: CacheDetails
    /// Later counters (`negativeHits`) the file read did not hold: not recorded, never a zero.
    package var unrecorded: Set<String> = []

    /// The section for two caches' counters.
    package init(strategy: String, capacity: Int, verifiedTokens: CacheStats, authorizations: CacheStats) {
        self.strategy = strategy
        self.capacity = capacity
        caches = CacheDetails(verifiedTokens: verifiedTokens, authorizations: authorizations)
    }

    /// Whether the counters are measured (not a merge of `.hlog` files, whose zeros mean "not known").
    package var isKnown: Bool { strategy != Self.unknownStrategy }

    /// Both caches' counters added.
    package var total: CacheStats { caches.verifiedTokens + caches.authorizations }

    /// Answers from a cached upstream denial (`--deny-ttl`; in `hits`); nil when not recorded.
    package var negativeHits: Int? { unrecorded.contains("negativeHits") ? nil : total.negativeHits }
}

/// The per-cache detail under `cache.caches`: each engine cache's snapshot as the engine counted it.
package struct CacheDetails: Codable, Sendable, Equatable {
    /// The verified-token cache.
    package var verifiedTokens: CacheStats
    /// The authorization cache.
    package var authorizations: CacheStats
}

extension CacheSection: Codable {
    /// Reads the section: the totals must be there (as numbers), but are derived again from the
    /// caches; a later counter the file lacks is not recorded.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        strategy = try container.decode(String.self, forKey: AnyKey("strategy"))
        capacity = try container.decode(Int.self, forKey: AnyKey("capacity"))
        caches = try container.decode(CacheDetails.self, forKey: AnyKey("caches"))
        for counter in CacheStats.counters where counter.isTotalled {
            let key = AnyKey(counter.key)
            if counter.isRequired {
                _ = try container.decode(Int.self, forKey: key)
            } else if try container.decodeIfPresent(Int.self, forKey: key) == nil {
                unrecorded.insert(counter.key)
            }
        }
        for figure in CacheStats.derived { _ = try container.decode(Double.self, forKey: AnyKey(figure.key)) }
    }

    /// Writes the strategy, the capacity, each cache and the totals (not the unrecorded ones).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(strategy, forKey: AnyKey("strategy"))
        try container.encode(capacity, forKey: AnyKey("capacity"))
        try container.encode(caches, forKey: AnyKey("caches"))
        let total = self.total
        for counter in CacheStats.counters where counter.isTotalled && !unrecorded.contains(counter.key) {
            try container.encode(total[keyPath: counter.path], forKey: AnyKey(counter.key))
        }
        for figure in CacheStats.derived { try container.encode(figure.value(total), forKey: AnyKey(figure.key)) }
    }
}
