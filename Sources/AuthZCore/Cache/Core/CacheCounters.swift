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
            hits: hits, misses: misses, inserts: inserts, replacements: replacements,
            evictions: evictions, expirations: expirations, removals: removals, entries: entries,
            approximateBytes: bytes)
    }
}

/// The single-threaded state machine of one strategy; a cache wraps it in a lock.
///
/// `hash` is the key's ``NodeStore/hash(_:)``, computed by the caller outside the lock (the
/// dictionary-based core ignores it).
@usableFromInline
protocol CacheCore<Key, Value>: Sendable {
    associatedtype Key: Hashable & Sendable
    associatedtype Value: Sendable

    /// The value for `key` if present and not expired at `now` (an expired entry is removed).
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value?
    /// Inserts or replaces, evicting first when full.
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64)
    /// Removes the entry for `key`.
    mutating func remove(_ key: Key, hash: UInt64) -> Value?
    /// Removes every entry, keeping storage.
    mutating func removeAll()
    /// The current counters and size, as a snapshot.
    var stats: CacheStats { get }
    /// The number of entries.
    var count: Int { get }
}

extension PaddedMutexArray where State: CacheCore {
    /// The sum of every slot's snapshot, each read under its slot's lock.
    @inlinable
    var totalStats: CacheStats {
        var total = CacheStats()
        for i in 0..<count { total = total + withLock(i) { $0.stats } }
        return total
    }

    /// The sum of every slot's entry count.
    @inlinable
    var totalCount: Int {
        var total = 0
        for i in 0..<count { total += withLock(i) { $0.count } }
        return total
    }
}
