/// The state of a bounded least-recently-used cache, single-threaded: O(1) per operation.
///
/// A `HashIndex` maps each key to its node's index in a contiguous array; the nodes form an
/// intrusive doubly linked list by index (head = most recently used). A hit moves the node to the
/// head; an insert at capacity evicts the tail and reuses its slot. No allocation per operation:
/// the arrays are allocated at capacity up front.
///
/// Memory estimate: the hash index (8-byte buckets, a power of two >= 2 x capacity) plus the
/// node array (key, its 64-bit hash, value, `Int64` expiry, two `Int32` links, one byte, at their
/// stride) at its capacity.
public struct LRUCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline var store: NodeStore<Key, Value>
    @usableFromInline var list = NodeList()

    /// Creates an empty LRU of at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int) {
        store = NodeStore(capacity: max(1, capacity))
    }

    /// The value for `key` if live at `now`; a hit makes it the most recently used.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        list.moveToHead(i, store.nodes)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    /// Inserts or replaces `key` as the most recently used; evicts the least recently used when full.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        if let i = replace(value, forKey: key, hash: hash, expiresAt: expiresAt) {
            list.moveToHead(i, store.nodes)
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt)
        if store.isFull {
            let victim = list.tail
            list.unlink(victim, store.nodes)
            counters.evictions &+= 1
            store.reuse(victim, for: node)
            list.pushHead(victim, store.nodes)
        } else {
            list.pushHead(store.append(node), store.nodes)
        }
    }

    /// Removes node `i` (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        list.unlink(i, store.nodes)
        if let moved = store.removeUnlinked(i) { list.relocate(from: moved, to: i, store.nodes) }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? { removeEntry(key, hash: hash) }

    /// Removes every entry, keeping the buffers.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    public mutating func removeAll() {
        removeAllNodes()
        list = NodeList()
    }

    /// The counters, the entry count and the memory estimate.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats { nodeStats() }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { store.count }

    /// Frees the buffers.
    ///
    /// - Complexity: O(n).
    @inlinable
    public func deallocate() { store.deallocate() }

    /// The keys from most to least recently used: for tests.
    package var keysFromHead: [Key] { store.keys(from: list.head) }
}
