/// A W-TinyLFU cache (Caffeine's design) behind one lock: near-optimal hit ratio on skewed
/// workloads, resistant to scans of one-hit wonders.
///
/// A 1% window LRU admits every new key; when it overflows, its LRU entry competes with the
/// main space's probation victim and the one a count-min sketch (4-bit counters, depth 4, random
/// per-cache seeds, doorkeeper Bloom filter, halved every 10 x capacity occurrences) estimates
/// more frequent stays (ties keep the incumbent; a warm loser still gets in with probability
/// 1/128, Caffeine's hash-flooding defence). The main space is a segmented LRU, 20% probation and
/// 80% protected.
///
/// Memory estimate: the hash index (8-byte buckets, >= 2 x capacity), the node array at its
/// capacity, the sketch's counter table and the doorkeeper's bits. The key's hash is computed
/// once per operation (outside the lock) and serves the index and the sketch.
public final class TinyLFUCache<Key: Hashable & Sendable, Value: Sendable>: CacheStrategy {
    @usableFromInline let storage: PaddedMutexArray<TinyLFUCore<Key, Value>>

    /// The maximum number of entries.
    public let capacity: Int

    /// Creates an empty cache holding at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity) (the tables are allocated up front).
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        self.storage = PaddedMutexArray(count: 1) { _ in TinyLFUCore(capacity: capacity) }
    }

    /// Returns the value for `key` if present and not expired at `now`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func value(forKey key: Key, now: Int64) -> Value? {
        let hash = NodeStore<Key, Value>.hash(key)
        return storage.withLock(0) { $0.lookup(key, hash: hash, now: now) }
    }

    /// Caches `value` for `key` until `expiresAt`, replacing any entry; evicts one when full.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func insert(_ value: Value, forKey key: Key, expiresAt: Int64, now: Int64) {
        let hash = NodeStore<Key, Value>.hash(key)
        storage.withLock(0) { $0.insert(value, forKey: key, hash: hash, expiresAt: expiresAt, now: now) }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        let hash = NodeStore<Key, Value>.hash(key)
        return storage.withLock(0) { $0.remove(key, hash: hash) }
    }

    /// Removes every entry.
    ///
    /// - Complexity: O(n).
    @inlinable
    public func removeAll() {
        storage.withLock(0) { $0.removeAll() }
    }

    /// A snapshot of the counters.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats { storage.totalStats }

    /// The number of entries held.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { storage.totalCount }

    /// The sketch's frequency estimate for `key` (for tests and diagnostics).
    func estimatedFrequency(of key: Key) -> Int {
        storage.withLock(0) { $0.sketch.frequency(FrequencySketch.hash(key)) }
    }

    /// How many times the sketch has halved its counters.
    var sketchResets: Int { storage.withLock(0) { $0.sketch.resets } }
}
