import AuthZCore

/// A snapshot of counters that only grow, beside figures of the moment (entries, bytes, calls in
/// flight): two snapshots of one source give what was counted in between.
package protocol CounterSnapshot {
    /// The counters that accumulate; every other property is a current figure, kept by `since(_:)`.
    static var accumulatingCounters: [WritableKeyPath<Self, Int>] { get }
}

extension CounterSnapshot {
    /// The counters accumulated since `earlier` (a snapshot of the same source); the current
    /// figures stay as they are now.
    package func since(_ earlier: Self) -> Self {
        var delta = self
        for counter in Self.accumulatingCounters { delta[keyPath: counter] -= earlier[keyPath: counter] }
        return delta
    }
}

extension CacheStats: CounterSnapshot {
    /// Every counter but `entries` and `approximateBytes`.
    package static var accumulatingCounters: [WritableKeyPath<CacheStats, Int>] {
        [\.hits, \.misses, \.inserts, \.replacements, \.evictions, \.expirations, \.removals, \.negativeHits]
    }
}

extension UpstreamStats: CounterSnapshot {
    /// Every counter but `inFlight` and `maxInFlight`. The most calls in flight is a high-water mark
    /// and cannot be split: it covers the earlier snapshot too (before the load the simulated
    /// upstream answers inline, so that part is at most one call per set-up thread).
    package static var accumulatingCounters: [WritableKeyPath<UpstreamStats, Int>] {
        [\.calls, \.coalesced, \.refreshes, \.errors, \.timeouts, \.rejected]
    }
}

extension EngineStats {
    /// The counters accumulated since `earlier` (a snapshot of the same engine): both caches' and
    /// the upstream's (see ``CounterSnapshot``); the negative cache and the revocation list are
    /// current figures.
    package func since(_ earlier: EngineStats) -> EngineStats {
        var delta = self
        delta.verifiedTokens = verifiedTokens.since(earlier.verifiedTokens)
        delta.authorizations = authorizations.since(earlier.authorizations)
        delta.upstream = upstream.since(earlier.upstream)
        return delta
    }
}
