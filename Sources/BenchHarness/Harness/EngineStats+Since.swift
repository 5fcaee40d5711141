import AuthZCore

extension EngineStats {
    /// The counters accumulated since `earlier` (a snapshot of the same engine); entries, bytes
    /// and the calls in flight are the current figures. The upstream's most calls in flight is a
    /// high-water mark and cannot be split: it covers `earlier` too (before the load the
    /// simulated upstream answers inline, so that part is at most one call per set-up thread).
    package func since(_ earlier: EngineStats) -> EngineStats {
        var delta = self
        delta.verifiedTokens = verifiedTokens.since(earlier.verifiedTokens)
        delta.authorizations = authorizations.since(earlier.authorizations)
        delta.upstream = upstream.since(earlier.upstream)
        return delta
    }
}

extension CacheStats {
    /// The counters accumulated since `earlier`; `entries` and `approximateBytes` stay current.
    package func since(_ earlier: CacheStats) -> CacheStats {
        var delta = self
        delta.hits -= earlier.hits
        delta.misses -= earlier.misses
        delta.inserts -= earlier.inserts
        delta.replacements -= earlier.replacements
        delta.evictions -= earlier.evictions
        delta.expirations -= earlier.expirations
        delta.removals -= earlier.removals
        delta.negativeHits -= earlier.negativeHits
        return delta
    }
}

extension UpstreamStats {
    /// The counters accumulated since `earlier`; `inFlight` and `maxInFlight` stay current.
    package func since(_ earlier: UpstreamStats) -> UpstreamStats {
        var delta = self
        delta.calls -= earlier.calls
        delta.coalesced -= earlier.coalesced
        delta.refreshes -= earlier.refreshes
        delta.errors -= earlier.errors
        delta.timeouts -= earlier.timeouts
        delta.rejected -= earlier.rejected
        return delta
    }
}
