/// The state of SIEVE (Zhang et al., "SIEVE is Simpler than LRU", NSDI 2024), single-threaded.
///
/// Exactly the paper's algorithm: one FIFO queue, new objects inserted at the head; a hit only
/// sets the object's visited bit (no list change); to evict, the hand starts where it stopped
/// (the tail when unset), and moves toward the head clearing visited bits, wrapping from the head
/// to the tail; the first unvisited object is evicted and the hand stays at its predecessor
/// (toward the head). Used by ``SIEVECache`` and by each shard of ``ShardedCache``.
@usableFromInline
struct SieveCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    // Field order matters for the sharded cache: the counters come first, so that in a shard's
    // slot they share the mutex's cache line (the only lines a hit writes are then one line),
    // and the fields a hit only reads (index, nodes) sit on the next line, which both cores can
    // keep in shared state.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline let capacity: Int
    @usableFromInline var store: NodeStore<Key, Value>
    @usableFromInline var queue = NodeList()
    /// The hand: the next object to examine, or -1 (start at the tail).
    @usableFromInline var hand: Int32 = -1

    @inlinable
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.store = NodeStore(capacity: self.capacity)
    }

    @inlinable
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        if store.nodes[Int(i)].mark == 0 { store.nodes[Int(i)].mark = 1 }
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    @inlinable
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        if let i = store.find(key, hash: hash) {
            store.nodes[Int(i)].value = value
            store.nodes[Int(i)].expiresAt = expiresAt
            store.nodes[Int(i)].mark = 1  // an update is an access
            counters.replacements &+= 1
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt)
        if store.nodes.count >= capacity {
            let victim = evict()
            counters.evictions &+= 1
            store.reuse(victim, for: node)
            queue.pushHead(victim, &store.nodes)
        } else {
            let i = store.append(node)
            queue.pushHead(i, &store.nodes)
        }
    }

    /// Runs the hand to the first unvisited object, unlinks it and returns its index.
    @inlinable
    mutating func evict() -> Int32 {
        var o = hand >= 0 ? hand : queue.tail
        while store.nodes[Int(o)].mark != 0 {
            store.nodes[Int(o)].mark = 0
            let prev = store.nodes[Int(o)].prev
            o = prev >= 0 ? prev : queue.tail
        }
        hand = store.nodes[Int(o)].prev
        queue.unlink(o, &store.nodes)
        return o
    }

    /// Removes node `i` outside eviction (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        if hand == i { hand = store.nodes[Int(i)].prev }
        queue.unlink(i, &store.nodes)
        if let moved = store.removeUnlinked(i) {
            queue.relocate(from: moved, to: i, &store.nodes)
            if hand == moved { hand = i }
        }
    }

    @inlinable
    mutating func removeAll() {
        counters.removals &+= store.nodes.count
        store.removeAll()
        queue = NodeList()
        hand = -1
    }

    /// The keys from head (newest) to tail (oldest): for tests.
    var keysFromHead: [Key] {
        var keys: [Key] = []
        var i = queue.head
        while i >= 0 {
            keys.append(store.nodes[Int(i)].key)
            i = store.nodes[Int(i)].next
        }
        return keys
    }
}
