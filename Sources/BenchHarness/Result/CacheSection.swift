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
    /// The figures of the file read that disagree with what the caches give (a total, a hit
    /// ratio), by JSON path: not believed (the section derives them again), and refused by the
    /// result's checks. Empty for a section made from counters; not part of equality.
    package private(set) var disagreements: [Disagreement] = []

    /// A figure of the file read that is not what it is derived from.
    package struct Disagreement: Sendable {
        /// Its JSON path, `$.cache.hits`.
        package var path: String
        /// What the caches give.
        package var expected: Double
        /// What the file holds.
        package var written: Double
        /// Where the expected value comes from.
        package var source: String
    }

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

extension CacheSection {
    /// The section's own values, without the file's disagreements.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.strategy == rhs.strategy && lhs.capacity == rhs.capacity && lhs.caches == rhs.caches
            && lhs.unrecorded == rhs.unrecorded
    }
}

/// The per-cache detail under `cache.caches`: each engine cache's snapshot as the engine counted it.
package struct CacheDetails: Codable, Sendable, Equatable {
    /// The verified-token cache.
    package var verifiedTokens: CacheStats
    /// The authorization cache.
    package var authorizations: CacheStats
}

extension CacheSection: Codable {
    /// Reads the section: the totals must be there and equal what the caches give (they are
    /// derived again from them, a forged one is refused); a later counter the file lacks is not
    /// recorded.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        strategy = try container.decode(String.self, forKey: AnyKey("strategy"))
        capacity = try container.decode(Int.self, forKey: AnyKey("capacity"))
        caches = try container.decode(CacheDetails.self, forKey: AnyKey("caches"))
        let total = self.total
        // Read as the types the file must hold (a count an integer, named by the decoder), and
        // compared after: a disagreement is the result's checks' to refuse, by its path.
        func compare(_ written: Double, _ expected: Double, _ path: String, _ source: String) {
            if abs(written - expected) > 1e-9 * max(1, abs(expected)) {
                disagreements.append(Disagreement(path: path, expected: expected, written: written, source: source))
            }
        }
        for counter in CacheStats.counters where counter.isTotalled {
            let key = AnyKey(counter.key)
            if counter.isRequired || container.contains(key) {
                let written = try container.decode(Int.self, forKey: key)
                compare(
                    Double(written),
                    Double(total[keyPath: counter.path]),
                    "$.cache.\(counter.key)",
                    "the caches' sum"
                )
            } else {
                unrecorded.insert(counter.key)
            }
        }
        for figure in CacheStats.derived {
            let written = try container.decode(Double.self, forKey: AnyKey(figure.key))
            compare(written, figure.value(total), "$.cache.\(figure.key)", "derived from the caches")
        }
        let details = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("caches"))
        for (name, stats) in [("verifiedTokens", caches.verifiedTokens), ("authorizations", caches.authorizations)] {
            let cache = try details.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(name))
            for figure in CacheStats.derived {
                let written = try cache.decode(Double.self, forKey: AnyKey(figure.key))
                compare(
                    written,
                    figure.value(stats),
                    "$.cache.caches.\(name).\(figure.key)",
                    "derived from its counters"
                )
            }
        }
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
