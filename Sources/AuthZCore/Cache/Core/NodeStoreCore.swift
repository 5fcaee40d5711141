/// A cache core built on a ``NodeStore``: what every node-based policy (LRU, SIEVE, W-TinyLFU)
/// shares: finding a live node, expiring it, removing a key, counting. Each policy supplies what
/// a hit does and how a node leaves its own structures (``removeNode(_:)``).
@usableFromInline
protocol NodeStoreCore<Key, Value>: CacheCore {
    /// The policy's counters.
    var counters: CacheCounters { get set }
    /// The nodes and their hash index.
    var store: NodeStore<Key, Value> { get set }
    /// Unlinks node `i` from the policy's structures and frees it.
    mutating func removeNode(_ i: Int32)
}

extension NodeStoreCore {
    /// The counters with the entry count, and the store's memory estimate plus `extraBytes`.
    @inlinable
    func nodeStats(extraBytes: Int = 0) -> CacheStats {
        counters.stats(entries: store.count, bytes: store.approximateBytes + extraBytes)
    }

    /// The node holding `key` if present and live at `now`. Counts a miss when it is absent; removes
    /// it and counts an expiration and a miss when it has expired (an expired entry is never
    /// returned).
    @inlinable @inline(__always)
    mutating func liveNode(_ key: Key, hash: UInt64, now: Int64) -> Int32? {
        guard let i = store.find(key, hash: hash) else {
            counters.misses &+= 1
            return nil
        }
        if store.nodes[Int(i)].expiresAt < now {
            removeNode(i)
            counters.expirations &+= 1
            counters.misses &+= 1
            return nil
        }
        return i
    }

    /// Replaces the value and expiry of `key`'s node if present (an insert of a present key) and
    /// returns its index; counts the insert, and the replacement when there was one.
    @inlinable
    mutating func replace(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64) -> Int32? {
        counters.inserts &+= 1
        guard let i = store.find(key, hash: hash) else { return nil }
        store.nodes[Int(i)].value = value
        store.nodes[Int(i)].expiresAt = expiresAt
        counters.replacements &+= 1
        return i
    }

    /// Removes the entry for `key` and returns its value.
    @inlinable
    mutating func removeEntry(_ key: Key, hash: UInt64) -> Value? {
        guard let i = store.find(key, hash: hash) else { return nil }
        let value = store.nodes[Int(i)].value
        removeNode(i)
        counters.removals &+= 1
        return value
    }

    /// Counts every entry as removed; the policy then resets its own structures.
    @inlinable
    mutating func removeAllNodes() {
        counters.removals &+= store.count
        store.removeAll()
    }
}
