/// The single-threaded state of one eviction policy: ``LockedCache`` runs it under one lock, and
/// that pair is a ``CacheStrategy``.
///
/// `hash` is the key's `cacheHash(_:)`, computed once by the caller outside the lock; a core
/// never hashes a key again (the dictionary baseline, ``DictionaryCore``, leaves it unused: its
/// `Dictionary` is the baseline). The core holds at most `capacity` entries, counts every
/// operation in the identities ``CacheStats`` documents, and never returns an entry whose
/// `expiresAt < now`. Calls are serialised by the owner; a core is never shared between threads
/// without a lock.
public protocol CacheCore<Key, Value> {
    /// The key type.
    associatedtype Key: Hashable & Sendable
    /// The cached value type.
    associatedtype Value: Sendable

    /// Creates an empty core holding at most `capacity` entries (`capacity` >= 1).
    ///
    /// - Complexity: O(capacity): every table is allocated up front.
    init(capacity: Int)

    /// Creates an empty core whose seeded structures (a sketch's row hashes, a sampling generator)
    /// take their seeds from `seed`, so that a replay of one key sequence is the same in every run;
    /// `init(capacity:)` draws them from the system generator instead. A core without such
    /// structures ignores `seed` (the default implementation).
    ///
    /// - Complexity: O(capacity).
    init(capacity: Int, seed: UInt64)

    /// The value for `key` if present and not expired at `now` (an expired entry is removed).
    ///
    /// - Complexity: O(1) expected.
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value?

    /// Inserts or replaces, evicting first when full.
    ///
    /// - Complexity: O(1) expected (amortised for SIEVE's hand).
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64)

    /// Removes and returns the entry for `key`, expired or not.
    ///
    /// - Complexity: O(1) expected.
    mutating func remove(_ key: Key, hash: UInt64) -> Value?

    /// Removes every entry (counted as removals), keeping storage.
    ///
    /// - Complexity: O(n).
    mutating func removeAll()

    /// The counters, the entry count and the memory estimate, as a snapshot.
    ///
    /// - Complexity: O(1).
    var stats: CacheStats { get }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    var count: Int { get }

    /// Frees the storage the core allocated; the core must not be used afterwards.
    ///
    /// - Complexity: O(n).
    func deallocate()
}

extension CacheCore {
    /// A core without seeded structures: `seed` plays no part.
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int, seed: UInt64) {
        self.init(capacity: capacity)
    }
}
