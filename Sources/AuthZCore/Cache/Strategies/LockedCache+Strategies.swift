/// A bounded least-recently-used cache behind one lock, O(1) per operation (``LRUCore``).
public typealias LRUCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<LRUCore<Key, Value>>

/// A SIEVE cache (Zhang et al., NSDI 2024) behind one lock (``SieveCore``): a hit only sets the
/// entry's visited bit; the hand evicts the first unvisited entry from the oldest end.
public typealias SIEVECache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<SieveCore<Key, Value>>

/// A W-TinyLFU cache (Caffeine's design) behind one lock (``TinyLFUCore``): near-optimal hit
/// ratio on skewed workloads, resistant to scans of one-hit wonders.
public typealias TinyLFUCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<TinyLFUCore<Key, Value>>

/// The baseline cache a newcomer writes: one lock around a Swift `Dictionary`, bounded by random
/// eviction (``DictionaryCore``).
public typealias MutexCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<DictionaryCore<Key, Value>>
