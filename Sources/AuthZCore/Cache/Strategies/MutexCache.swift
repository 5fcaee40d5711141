/// The baseline cache a newcomer writes: one lock around a Swift `Dictionary`, but bounded.
///
/// At capacity, an insert of a new key inspects 5 consecutive entries of a dense key list from a
/// random position, and drops the first expired one, else the one at that position: random
/// eviction in O(1). Every
/// operation takes the single lock, so threads serialise on it.
///
/// Memory estimate: a dictionary of `Key` -> (`Value`, `Int64` expiry, `Int32` position) at its
/// allocated bucket count, plus the key list at its capacity (see ``CacheStats/approximateBytes``).
public final class MutexCache<Key: Hashable & Sendable, Value: Sendable>: CacheStrategy {
    @usableFromInline let storage: PaddedMutexArray<DictionaryCore<Key, Value>>

    /// The maximum number of entries.
    public let capacity: Int

    /// Creates an empty cache holding at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity) (the dictionary is allocated up front).
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        self.storage = PaddedMutexArray(count: 1) { _ in DictionaryCore(capacity: capacity) }
    }

    /// Returns the value for `key` if present and not expired at `now`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func value(forKey key: Key, now: Int64) -> Value? {
        return storage.withLock(0) { $0.lookup(key, hash: 0, now: now) }
    }

    /// Caches `value` for `key` until `expiresAt`, replacing any entry; drops one entry when full.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func insert(_ value: Value, forKey key: Key, expiresAt: Int64, now: Int64) {
        storage.withLock(0) { $0.insert(value, forKey: key, hash: 0, expiresAt: expiresAt, now: now) }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        return storage.withLock(0) { $0.remove(key, hash: 0) }
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
}
