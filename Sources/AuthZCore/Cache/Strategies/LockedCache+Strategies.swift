/// A bounded least-recently-used cache behind one lock, O(1) per operation (``LRUCore``).
public typealias LRUCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<LRUCore<Key, Value>>

/// A SIEVE cache (Zhang et al., NSDI 2024) behind one lock (``SieveCore``): a hit only sets the
/// entry's visited bit; the hand evicts the first unvisited entry from the oldest end.
public typealias SIEVECache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<SieveCore<Key, Value>>

/// A W-TinyLFU cache (Caffeine 2.6.2's design: a fixed 1% window) behind one lock
/// (``TinyLFUCore``): near-optimal hit ratio on skewed workloads, resistant to scans of one-hit
/// wonders. The `tinylfu-fixed` strategy.
public typealias TinyLFUCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<TinyLFUCore<Key, Value>>

/// W-TinyLFU with its window and main regions resized by hill climbing (Caffeine since 2.7)
/// behind one lock (``AdaptiveTinyLFUCore``): the `tinylfu` strategy.
public typealias AdaptiveTinyLFUCache<Key: Hashable & Sendable, Value: Sendable> =
    LockedCache<AdaptiveTinyLFUCore<Key, Value>>

/// An S3-FIFO cache (Yang et al., SOSP '23) behind one lock (``S3FIFOCore``): small, main and
/// ghost FIFO queues; a hit only bumps a 2-bit frequency; scans pass through the small queue.
public typealias S3FIFOCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<S3FIFOCore<Key, Value>>

/// An LIRS cache (Jiang & Zhang, SIGMETRICS '02) behind one lock (``LIRSCore``): keys ranked by
/// inter-reference recency, 99% of capacity for the keys reused soonest, 1% for the rest; loops and
/// scans larger than the cache do not flush the reused keys.
public typealias LIRSCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<LIRSCore<Key, Value>>

/// The baseline cache a newcomer writes: one lock around a Swift `Dictionary`, bounded by random
/// eviction (``DictionaryCore``).
public typealias MutexCache<Key: Hashable & Sendable, Value: Sendable> = LockedCache<DictionaryCore<Key, Value>>
