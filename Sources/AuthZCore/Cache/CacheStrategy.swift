/// A bounded, thread-safe key-value cache with per-entry expiry: the interface every strategy of
/// the hot path's caches implements, so the harness can swap them.
///
/// Times are `Int64` milliseconds since the Unix epoch, passed in by the caller (no clock read
/// inside). Semantics shared by every implementation:
/// - an entry whose `expiresAt < now` is never returned: the lookup removes it and counts an
///   expiration and a miss;
/// - inserting a present key replaces its value and expiry (counted as an insert and a
///   replacement, not an eviction);
/// - `count <= capacity` at all times, whatever the key stream;
/// - every operation may be called from many threads at once.
///
/// Every strategy hashes a key by one rule, `cacheHash(_:)`, once per operation: the SipHash-1-3
/// a ``PrecomputedHashKey`` computed under the process's random key when it was made (any other
/// key: Swift's per-process seeded `Hasher`). A client cannot precompute colliding keys, and a hit
/// requires the full key to be equal (`==`), never just its hash.
public protocol CacheStrategy<Key, Value>: AnyObject, Sendable {
    /// The key type.
    associatedtype Key: Hashable & Sendable
    /// The cached value type.
    associatedtype Value: Sendable

    /// The maximum number of entries the cache holds.
    var capacity: Int { get }

    /// Returns the value cached for `key` if present and not expired at `now`.
    ///
    /// - Complexity: O(1) expected.
    func value(forKey key: Key, now: Int64) -> Value?

    /// Caches `value` for `key` until `expiresAt` (inclusive), replacing any present entry.
    ///
    /// - Complexity: O(1) expected (amortised for SIEVE's and the sharded cache's hand).
    func insert(_ value: Value, forKey key: Key, expiresAt: Int64, now: Int64)

    /// Removes and returns the entry for `key`, expired or not.
    ///
    /// - Complexity: O(1) expected.
    @discardableResult
    func removeValue(forKey key: Key) -> Value?

    /// Removes every entry (counted as removals), keeping the allocated storage.
    ///
    /// - Complexity: O(n) in the number of entries.
    func removeAll()

    /// A snapshot of the counters.
    ///
    /// - Complexity: O(1) (O(shards) for the sharded cache).
    var stats: CacheStats { get }

    /// The number of entries held (expired ones not yet found included).
    ///
    /// - Complexity: O(1) (O(shards) for the sharded cache).
    var count: Int { get }
}
