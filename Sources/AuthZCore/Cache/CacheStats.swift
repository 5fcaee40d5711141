/// A snapshot of a cache's counters, taken under its lock(s).
///
/// Identities every strategy guarantees (and the tests check), for any interleaving of calls:
/// - `hits + misses` equals the number of `value(forKey:now:)` calls;
/// - `inserts - replacements - evictions - expirations - removals == entries`: every insert of a
///   new key adds one entry, a replacement (insert of a present key) adds none, and every entry
///   leaves exactly once, as an eviction (capacity), an expiration (found expired) or a removal
///   (`removeValue(forKey:)` or `removeAll()`).
public struct CacheStats: Sendable, Equatable {
    /// Lookups that returned a value.
    public var hits: Int
    /// Lookups that returned `nil` (absent, or present but expired).
    public var misses: Int
    /// Calls to `insert`, new keys and replacements alike.
    public var inserts: Int
    /// Inserts of a key already present, which replaced its value and expiry.
    public var replacements: Int
    /// Entries dropped to keep the cache within its capacity (including rejected admissions).
    public var evictions: Int
    /// Entries dropped because they were found expired (`expiresAt < now`).
    public var expirations: Int
    /// Entries dropped by `removeValue(forKey:)` or `removeAll()`.
    public var removals: Int
    /// Entries held when the snapshot was taken.
    public var entries: Int
    /// Estimated memory held by the cache's own structures, in bytes.
    ///
    /// Computed, not guessed: table buckets times the stride of key + value + bookkeeping, plus the
    /// node arrays and sketches at their allocated capacity, plus fixed headers (see each
    /// strategy's documentation). Heap storage owned by keys or values themselves (for example a
    /// `String` longer than 15 UTF-8 bytes) is not included.
    public var approximateBytes: Int
    /// Hits whose value was a cached upstream denial (included in `hits`). Counted by the engine,
    /// which knows what a value means, not by the cache: 0 in a bare cache's snapshot.
    public var negativeHits: Int

    /// Creates a snapshot from its counters.
    public init(
        hits: Int = 0,
        misses: Int = 0,
        inserts: Int = 0,
        replacements: Int = 0,
        evictions: Int = 0,
        expirations: Int = 0,
        removals: Int = 0,
        entries: Int = 0,
        approximateBytes: Int = 0,
        negativeHits: Int = 0
    ) {
        self.hits = hits
        self.misses = misses
        self.inserts = inserts
        self.replacements = replacements
        self.evictions = evictions
        self.expirations = expirations
        self.removals = removals
        self.entries = entries
        self.approximateBytes = approximateBytes
        self.negativeHits = negativeHits
    }

    /// The fraction of lookups that hit, in 0...1 (0 when there has been no lookup).
    public var hitRatio: Double {
        let lookups = hits + misses
        return lookups == 0 ? 0 : Double(hits) / Double(lookups)
    }

    /// The estimated bytes per entry (`approximateBytes / entries`, 0 when empty).
    public var bytesPerEntry: Double {
        entries == 0 ? 0 : Double(approximateBytes) / Double(entries)
    }

    /// The field-by-field sum of two snapshots (used to total a sharded cache).
    public static func + (lhs: CacheStats, rhs: CacheStats) -> CacheStats {
        CacheStats(
            hits: lhs.hits + rhs.hits,
            misses: lhs.misses + rhs.misses,
            inserts: lhs.inserts + rhs.inserts,
            replacements: lhs.replacements + rhs.replacements,
            evictions: lhs.evictions + rhs.evictions,
            expirations: lhs.expirations + rhs.expirations,
            removals: lhs.removals + rhs.removals,
            entries: lhs.entries + rhs.entries,
            approximateBytes: lhs.approximateBytes + rhs.approximateBytes,
            negativeHits: lhs.negativeHits + rhs.negativeHits
        )
    }
}
