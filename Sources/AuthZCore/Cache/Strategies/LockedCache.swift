/// A cache that runs one policy's single-threaded state (a ``CacheCore``) under one lock: the
/// strategy behind ``LRUCache``, ``SIEVECache``, ``TinyLFUCache``, ``AdaptiveTinyLFUCache``, ``S3FIFOCache``,
/// ``LIRSCache`` and ``MutexCache``.
///
/// The key is hashed once per operation, outside the lock (`cacheHash(_:)`: a
/// ``PrecomputedHashKey``'s own hash, never run through `Hasher` again), and the core does the
/// rest under the lock. The lock is a glibc adaptive mutex alone with the core on 128-byte-aligned
/// lines (`PaddedMutexArray`): every operation takes it, so threads serialise on it; the
/// ``ShardedCache`` is the strategy whose hits take no lock.
///
/// Generic over the core, so a call site that names a concrete cache (or reaches it through
/// ``CacheStrategyKind/makeCache(capacity:visitor:)``) is specialised for its policy, key and value.
///
/// Memory estimate: the core's (see each core's documentation); the mutex slot is not counted.
public final class LockedCache<Core: CacheCore>: CacheStrategy {
    /// The key type.
    public typealias Key = Core.Key
    /// The cached value type.
    public typealias Value = Core.Value

    @usableFromInline let storage: PaddedMutexArray<Core>

    /// The maximum number of entries.
    public let capacity: Int

    /// Creates an empty cache holding at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity) (the core's tables are allocated up front).
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        self.storage = PaddedMutexArray(count: 1) { _ in Core(capacity: capacity) }
    }

    /// Creates an empty cache whose core's seeded structures derive from `seed`
    /// (``CacheCore/init(capacity:seed:)``): for replays that must give the same figures in every
    /// run (`sweep --seed`). The engine's caches use ``init(capacity:)``: a seed an attacker may
    /// know is no defence against crafted collisions.
    ///
    /// - Complexity: O(capacity).
    public init(capacity: Int, seed: UInt64) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        self.storage = PaddedMutexArray(count: 1) { _ in Core(capacity: capacity, seed: seed) }
    }

    deinit {
        storage.withLock(0) { $0.deallocate() }
    }

    /// Returns the value for `key` if present and not expired at `now`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func value(forKey key: Key, now: Int64) -> Value? {
        let hash = cacheHash(key)
        return storage.withLock(0) { $0.lookup(key, hash: hash, now: now) }
    }

    /// Caches `value` for `key` until `expiresAt`, replacing any entry; makes room first when full.
    ///
    /// - Complexity: O(1) expected (amortised for SIEVE's hand).
    @inlinable
    public func insert(_ value: Value, forKey key: Key, expiresAt: Int64, now: Int64) {
        let hash = cacheHash(key)
        storage.withLock(0) { $0.insert(value, forKey: key, hash: hash, expiresAt: expiresAt, now: now) }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        let hash = cacheHash(key)
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
    public var stats: CacheStats { storage.withLock(0) { $0.stats } }

    /// The number of entries held.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { storage.withLock(0) { $0.count } }

    /// Runs `body` on the core under the lock: for tests and diagnostics.
    package func withCore<R>(_ body: (inout Core) -> R) -> R {
        storage.withLock(0, body)
    }
}
