/// The state of SIEVE (Zhang et al., "SIEVE is Simpler than LRU", NSDI 2024): the one SIEVE of
/// ``SIEVECache`` (under one lock) and of each shard of ``ShardedCache`` (searched by lock-free
/// readers, see `read(in:_:hash:now:into:)`).
///
/// Exactly the paper's algorithm: one FIFO queue, new objects inserted at the head; a hit only
/// sets the object's visited bit (no list change); to evict, the hand starts where it stopped
/// (the tail when unset), and moves toward the head clearing visited bits, wrapping from the head
/// to the tail; the first unvisited object is evicted and the hand stays at its predecessor
/// (toward the head). An update of a present key counts as an access.
///
/// The visited bits are atomics (`VisitedBits`) so that a reader without the lock may set them;
/// every mutating method requires the caller to hold the lock and, in a sharded cache, to have
/// excluded the readers. Node `i`'s visited bit moves with the node.
///
/// Memory estimate: the hash index (8-byte buckets, a power of two >= 2 x capacity), the node array
/// (key, its 64-bit hash, value, `Int64` expiry, two `Int32` links, one byte, at their stride) at
/// its capacity, and one visited byte per node.
public struct SieveCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    // Field order: what a lock-free reader loads (the store's pointers, the visited bits) comes
    // first, so that in a shard's slot it shares the line of the writer flag the reader checks.
    @usableFromInline var store: NodeStore<Key, Value>
    @usableFromInline let visited: VisitedBits
    @usableFromInline var counters = CacheCounters()
    @usableFromInline var queue = NodeList()
    /// The hand: the next object to examine, or -1 (start at the tail).
    @usableFromInline var hand: Int32 = -1

    /// Creates an empty SIEVE of at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int) {
        store = NodeStore(capacity: max(1, capacity))
        visited = VisitedBits(capacity: store.capacity)
    }

    /// The value for `key` if live at `now`; a hit sets its visited bit.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        visited.mark(i)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    /// Inserts `key` at the head, or replaces it (marking it visited); evicts with the hand when full.
    ///
    /// - Complexity: O(1) amortised: the hand clears at most one visited bit per earlier access.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        if let i = replace(value, forKey: key, hash: hash, expiresAt: expiresAt) {
            visited[i] = true
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt)
        let i: Int32
        if store.isFull {
            i = evict()
            counters.evictions &+= 1
            store.reuse(i, for: node)
        } else {
            i = store.append(node)
        }
        visited[i] = false
        queue.pushHead(i, store.nodes)
    }

    /// Runs the hand to the first unvisited object, unlinks it and returns its index.
    @inlinable
    mutating func evict() -> Int32 {
        var o = hand >= 0 ? hand : queue.tail
        while visited[o] {
            visited[o] = false
            let prev = store.nodes[Int(o)].prev
            o = prev >= 0 ? prev : queue.tail
        }
        hand = store.nodes[Int(o)].prev
        queue.unlink(o, store.nodes)
        return o
    }

    /// Removes node `i` outside eviction (expired, or removed by the caller); the hand moves to
    /// its predecessor, and follows the node moved into its slot.
    @inlinable
    mutating func removeNode(_ i: Int32) {
        if hand == i { hand = store.nodes[Int(i)].prev }
        queue.unlink(i, store.nodes)
        guard let moved = store.removeUnlinked(i) else { return }
        queue.relocate(from: moved, to: i, store.nodes)
        visited[i] = visited[moved]
        if hand == moved { hand = i }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? { removeEntry(key, hash: hash) }

    /// Removes every entry, keeping the buffers; the hand restarts at the tail.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    public mutating func removeAll() {
        removeAllNodes()
        queue = NodeList()
        hand = -1
    }

    /// The counters, the entry count and the memory estimate.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats { nodeStats(extraBytes: visited.approximateBytes) }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { store.count }

    /// Frees the buffers.
    ///
    /// - Complexity: O(n).
    @inlinable
    public func deallocate() {
        store.deallocate()
        visited.deallocate()
    }

    /// The keys from head (newest) to tail (oldest): for tests.
    package var keysFromHead: [Key] { store.keys(from: queue.head) }
}
