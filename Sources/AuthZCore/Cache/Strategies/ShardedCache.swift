#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sharded cache whose hits take no lock and write no shared cache line: the key's hash picks
/// one of a power-of-two number of shards, each a SIEVE cache that readers search without its
/// lock, and writers change under its lock after excluding readers.
///
/// - Shard choice: the top bits of the key's hash times a 64-bit odd constant (Fibonacci
///   hashing). The hash is keyed with a per-process random key (`cacheHash(_:)`), so which
///   keys share a shard cannot be predicted by a client (no targeted shard flooding). The key is
///   hashed once, outside any lock; the same hash picks the shard (top bits of the product) and
///   the bucket in the shard's index (low bits), and is kept in the node, so nothing is rehashed.
/// - Bound: each shard holds at most `capacity / shardCount` entries (at least 1), and the shard
///   count is lowered to at most `capacity`, so `count <= capacity` always holds; the effective
///   bound (``effectiveCapacity``) is `capacity` rounded down to a multiple of the shard count.
/// - Eviction per shard is SIEVE (``SieveCore``, the same core as ``SIEVECache``'s): a hit only
///   sets a visited bit, and only when it is not set yet (an atomic relaxed store), so a hot entry
///   costs no write.
///
/// Read protocol (a distributed reader-writer lock, `ReaderWriterShards`):
/// - Each thread has a small number (`ReaderThreadSlot`, from a `pthread_key_t`) and, in every
///   sharded cache, its own 128-byte `ReaderRecord`: the shard it is reading, its hits, its
///   misses (single writer: bumped with a relaxed load and store, summed by ``stats``).
/// - A lookup stores `shard + 1` in its record (sequentially consistent), loads the shard's
///   writer flag (sequentially consistent); if the flag is down it searches the shard's fixed
///   raw buffers (`SieveCore/read(in:_:hash:now:into:)`: no array is copied, nothing is retained but
///   the returned value), then stores 0 (release). The only lines it writes are its own record's.
/// - Insert, remove, `removeAll` and the removal of an expired entry take the shard's mutex,
///   raise the flag, wait until no record names the shard, mutate, lower the flag (release).
///   Either the reader sees the flag or the writer sees the reader (one total order over the
///   sequentially consistent operations), and the release/acquire pairs order the read before
///   the write or the write before the read.
/// - A reader that finds the flag raised, or finds its entry expired (removing it is a write),
///   or has no number (more than 64 threads alive) takes the shard's mutex instead: it searches
///   under the lock (counting in the shard's counters) and, for an expired entry, excludes
///   readers to remove it and counts an expiration and a miss, as every strategy does.
/// - ThreadSanitizer sees every step (pthread mutex interceptors, `Synchronization.Atomic`); the
///   "Cache Concurrency" suites check readers against writers under it.
///
/// Why: with one lock, every hit writes the lock's line, so two threads hitting one cache take
/// turns on it; here a hit's only writes are to the reader's own record (and a visited bit the
/// first time), so hits on distinct cores scale. And the key is not hashed again: its
/// precomputed hash picks the shard and the bucket.
///
/// Memory estimate: the sum over shards of the hash index, node array and visited bits, plus
/// the 128-byte-padded shard slots and the readers' records (64 x 128 bytes).
public final class ShardedCache<Key: Hashable & Sendable, Value: Sendable>: CacheStrategy {
    /// One shard's state.
    @usableFromInline typealias Shard = SieveCore<Key, Value>
    @usableFromInline let storage: ReaderWriterShards<Shard>
    /// `64 - log2(shardCount)`: the shift that keeps the hash's top bits.
    @usableFromInline let shift: UInt64

    /// The maximum number of entries requested.
    public let capacity: Int
    /// The number of shards (a power of two).
    public let shardCount: Int
    /// The maximum number of entries per shard.
    public let shardCapacity: Int

    /// The bound actually enforced: `shardCount * shardCapacity`, at most ``capacity``.
    public var effectiveCapacity: Int { shardCount * shardCapacity }

    /// The default shard count: 4 x the active processor count, rounded up to a power of two.
    public static var defaultShardCount: Int {
        let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        return Int.powerOfTwo(atLeast: 4 * processors)
    }

    /// Creates an empty cache of at most `capacity` entries in `shardCount` shards.
    ///
    /// `shardCount` is rounded up to a power of two, then lowered (by halving) until it is at most
    /// `capacity`; `nil` means ``defaultShardCount``.
    ///
    /// - Complexity: O(capacity) (each shard's tables are allocated up front).
    public init(capacity: Int, shardCount: Int? = nil) {
        let capacity = max(1, capacity)
        var shards = Int.powerOfTwo(atLeast: shardCount ?? Self.defaultShardCount)
        while shards > capacity { shards >>= 1 }
        let perShard = capacity / shards
        self.capacity = capacity
        self.shardCount = shards
        self.shardCapacity = perShard
        self.shift = UInt64(64 - shards.trailingZeroBitCount)
        self.storage = ReaderWriterShards(count: shards) { _ in Shard(capacity: perShard) }
    }

    deinit {
        for i in 0..<storage.count { storage.state(i).pointee.deallocate() }
    }

    /// Creates an empty cache of at most `capacity` entries with the default shard count.
    ///
    /// - Complexity: O(capacity).
    public convenience init(capacity: Int) {
        self.init(capacity: capacity, shardCount: nil)
    }

    /// The shard for a key whose hash is `hash`.
    @inlinable
    func shard(for hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)  // a shift of 64 yields 0
    }

    /// Returns the value for `key` if present and not expired at `now`.
    ///
    /// A shared read: no lock, no write to a shared cache line (see the type's protocol). Falls
    /// back to the shard's lock when a writer holds the shard, when the entry has expired (its
    /// removal is a write), or when the thread has no reader number.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public func value(forKey key: Key, now: Int64) -> Value? {
        let hash = cacheHash(key)
        let shard = shard(for: hash)
        let reader = storage.currentReader
        if reader >= 0 {
            // The value is copied once, straight out of the node into `value`: returning it
            // through the closure's optional result would copy a large value twice more.
            var outcome = SharedReadOutcome.absent
            var value: Value? = nil
            let entered: Void? = storage.withSharedAccess(shard, reader: reader) { state in
                outcome = Shard.read(in: state, key, hash: hash, now: now, into: &value)
            }
            if entered != nil {
                switch outcome {
                case .hit:
                    storage.record(reader).pointee.countHit()
                    return value
                case .absent:
                    storage.record(reader).pointee.countMiss()
                    return nil
                case .expired:
                    break
                }
            }
        }
        return lockedValue(forKey: key, hash: hash, shard: shard, now: now)
    }

    /// The lookup under the shard's mutex: readers are excluded only to remove an expired entry.
    @usableFromInline
    func lockedValue(forKey key: Key, hash: UInt64, shard: Int, now: Int64) -> Value? {
        storage.withLock(shard) { state -> Value? in
            var value: Value? = nil
            switch Shard.read(in: state, key, hash: hash, now: now, into: &value) {
            case .hit:
                state.pointee.counters.hits &+= 1
                return value
            case .absent:
                state.pointee.counters.misses &+= 1
                return nil
            case .expired:
                storage.excludeReaders(shard)
                defer { storage.admitReaders(shard) }
                return state.pointee.lookup(key, hash: hash, now: now)
            }
        }
    }

    /// Caches `value` for `key` until `expiresAt`, replacing any entry; evicts within the shard
    /// when the shard is full.
    ///
    /// - Complexity: O(1) expected (amortised for the SIEVE hand), plus a scan of the readers'
    ///   records (one line per thread that has read, at most 64); takes only the shard's lock.
    @inlinable
    public func insert(_ value: Value, forKey key: Key, expiresAt: Int64, now: Int64) {
        let hash = cacheHash(key)
        storage.withExclusiveAccess(shard(for: hash)) {
            $0.insert(value, forKey: key, hash: hash, expiresAt: expiresAt, now: now)
        }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected, plus the readers' scan; takes only the key's shard lock.
    @inlinable @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        let hash = cacheHash(key)
        return storage.withExclusiveAccess(shard(for: hash)) { $0.remove(key, hash: hash) }
    }

    /// Removes every entry, one shard at a time (not atomic across shards).
    ///
    /// - Complexity: O(n + shards).
    @inlinable
    public func removeAll() {
        for i in 0..<storage.count { storage.withExclusiveAccess(i) { $0.removeAll() } }
    }

    /// The sum of the shards' counters, each read under its own lock, plus every reader's hits
    /// and misses (not one atomic snapshot).
    ///
    /// - Complexity: O(shards + 64).
    @inlinable
    public var stats: CacheStats {
        var total = CacheStats()
        for i in 0..<storage.count { total = total + storage.withLock(i) { $0.pointee.stats } }
        let readers = storage.readerTotals
        total.hits &+= readers.hits
        total.misses &+= readers.misses
        total.approximateBytes +=
            storage.count * storage.slotStride + ReaderThreadSlot.capacity * ReaderWriterShards<Shard>.readerStride
        return total
    }

    /// The number of entries held, summed over the shards.
    ///
    /// - Complexity: O(shards).
    @inlinable
    public var count: Int {
        var total = 0
        for i in 0..<storage.count { total += storage.withLock(i) { $0.pointee.count } }
        return total
    }

    /// The keys of shard `index` from head (newest) to tail (oldest): for tests.
    package func keysFromHead(shard index: Int) -> [Key] {
        storage.withLock(index) { $0.pointee.keysFromHead }
    }
}
