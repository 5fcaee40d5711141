/// A bounded least-recently-used cache behind one lock, O(1) per operation.
///
/// A hash index (``HashIndex``: the key is hashed once per operation, outside the lock) maps each
/// key to a node index in a contiguous array; the nodes form an intrusive
/// doubly linked list by index (most recently used at the head). A hit moves its node to the head;
/// an insert at capacity evicts the tail and reuses its slot. No allocation per operation once the
/// arrays have reached capacity.
///
/// Memory estimate: the hash index (8-byte buckets, a power of two >= 2 x capacity) plus the
/// node array (key, its 64-bit hash, value, `Int64` expiry, two `Int32` links, one byte, at their
/// stride) at its capacity.
public final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: CacheStrategy {
    @usableFromInline let storage: PaddedMutexArray<LRUCore<Key, Value>>

    /// The maximum number of entries.
    public let capacity: Int

    /// Creates an empty cache holding at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity) (the tables are allocated up front).
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        self.storage = PaddedMutexArray(count: 1) { _ in LRUCore(capacity: capacity) }
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

    /// The keys in list order, head first: for tests.
    var keysFromHead: [Key] { storage.withLock(0) { $0.keysFromHead } }
}
