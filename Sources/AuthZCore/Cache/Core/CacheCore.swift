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
