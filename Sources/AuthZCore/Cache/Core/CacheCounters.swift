/// The counters one lock-protected cache core keeps (summed into ``CacheStats`` on read).
///
/// Kept inside each core, under its lock: a sharded cache has one set per shard, never a shared
/// contended atomic.
@usableFromInline
struct CacheCounters: Sendable {
    @usableFromInline var hits = 0
    @usableFromInline var misses = 0
    @usableFromInline var inserts = 0
    @usableFromInline var replacements = 0
    @usableFromInline var evictions = 0
    @usableFromInline var expirations = 0
    @usableFromInline var removals = 0

    @inlinable init() {}

    /// The snapshot for a core holding `entries` entries in about `bytes` bytes.
    @inlinable
    func stats(entries: Int, bytes: Int) -> CacheStats {
        CacheStats(
            hits: hits,
            misses: misses,
            inserts: inserts,
            replacements: replacements,
            evictions: evictions,
            expirations: expirations,
            removals: removals,
            entries: entries,
            approximateBytes: bytes
        )
    }
}
