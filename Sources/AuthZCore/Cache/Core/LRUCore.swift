/// The state of a bounded LRU, single-threaded: O(1) per operation.
///
/// A hash index maps each key to its node's index in a contiguous array; the nodes form an
/// intrusive doubly linked list by index (head = most recently used). A hit moves the node to the
/// head; an insert at capacity reuses the tail's slot. No allocation per operation once the
/// arrays have grown to capacity.
@usableFromInline
struct LRUCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline let capacity: Int
    @usableFromInline var store: NodeStore<Key, Value>
    @usableFromInline var list = NodeList()

    @inlinable
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.store = NodeStore(capacity: self.capacity)
    }

    @inlinable
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        list.moveToHead(i, &store.nodes)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    @inlinable
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        if let i = store.find(key, hash: hash) {
            store.nodes[Int(i)].value = value
            store.nodes[Int(i)].expiresAt = expiresAt
            list.moveToHead(i, &store.nodes)
            counters.replacements &+= 1
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt)
        if store.nodes.count >= capacity {
            let victim = list.tail
            list.unlink(victim, &store.nodes)
            counters.evictions &+= 1
            store.reuse(victim, for: node)
            list.pushHead(victim, &store.nodes)
        } else {
            let i = store.append(node)
            list.pushHead(i, &store.nodes)
        }
    }

    /// Removes node `i` (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        list.unlink(i, &store.nodes)
        if let moved = store.removeUnlinked(i) {
            list.relocate(from: moved, to: i, &store.nodes)
        }
    }

    @inlinable
    mutating func removeAll() {
        counters.removals &+= store.nodes.count
        store.removeAll()
        list = NodeList()
    }

    /// The keys from most to least recently used: for tests.
    var keysFromHead: [Key] {
        var keys: [Key] = []
        var i = list.head
        while i >= 0 {
            keys.append(store.nodes[Int(i)].key)
            i = store.nodes[Int(i)].next
        }
        return keys
    }
}
