import Synchronization

/// What a read-only lookup found.
@usableFromInline
enum PeekResult<Value> {
    /// A live entry: its value (copied).
    case hit(Value)
    /// No entry for the key.
    case absent
    /// An entry that expired; only a writer may remove it.
    case expired
}

/// SIEVE (as in ``SieveCore``) for one shard of ``ShardedCache``, with a lookup that only reads:
/// the visited bits are atomics outside the nodes, so concurrent readers may set them.
///
/// ``peek(_:hash:now:)`` may run on many threads at once and alongside ``withLock``-only code of
/// ``ReaderWriterShards``; every other mutating method requires readers to be excluded. A hit sets
/// the node's visited bit with a relaxed atomic store, and only when it is not already set (a hot
/// entry costs no write after its first hit); the hand reads and clears bits atomically too.
/// `visited[i]` belongs to node `i` and moves with it.
///
/// Field order: the fields a hit reads come first, so they sit on the cache lines right after the
/// shard's writer flag; the counters, queue and hand (written by writers only) follow.
@usableFromInline
struct ConcurrentSieveCore<Key: Hashable & Sendable, Value: Sendable> {
    @usableFromInline let capacity: Int
    @usableFromInline var store: NodeStore<Key, Value>
    /// One visited bit per node index (`capacity` of them), owned: freed by ``deallocate()``.
    @usableFromInline let visited: UnsafeMutablePointer<Atomic<UInt8>>
    /// Counted under the shard's mutex only (shared reads count in their ``ReaderRecord``).
    @usableFromInline var counters = CacheCounters()
    @usableFromInline var queue = NodeList()
    /// The hand: the next object to examine, or -1 (start at the tail).
    @usableFromInline var hand: Int32 = -1

    @inlinable
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        self.store = NodeStore(capacity: self.capacity)
        self.visited = .allocate(capacity: self.capacity)
        for i in 0..<self.capacity { (visited + i).initialize(to: Atomic(0)) }
    }

    /// Frees the visited bits; the core must not be used afterwards.
    @inlinable
    func deallocate() {
        visited.deinitialize(count: capacity)
        visited.deallocate()
    }

    @inlinable var count: Int { store.nodes.count }

    /// The counters kept under the mutex (shared reads' hits and misses not included).
    @inlinable
    var stats: CacheStats {
        counters.stats(
            entries: store.nodes.count,
            bytes: store.approximateBytes + capacity * MemoryLayout<Atomic<UInt8>>.stride)
    }

    /// Finds `key` without changing anything but its visited bit.
    @inlinable
    func peek(_ key: Key, hash: UInt64, now: Int64) -> PeekResult<Value> {
        let i = find(key, hash: hash, now: now)
        if i >= 0 { return .hit(store.nodes[Int(i)].value) }
        return i == Self.absent ? .absent : .expired
    }

    /// ``find(_:hash:now:)``'s answer when the key is absent.
    @inlinable static var absent: Int32 { -1 }
    /// ``find(_:hash:now:)``'s answer when the key's entry has expired.
    @inlinable static var expired: Int32 { -2 }

    /// The node index of `key`'s live entry (its visited bit set), or ``absent`` or ``expired``;
    /// changes nothing but the visited bit.
    @inlinable
    func find(_ key: Key, hash: UInt64, now: Int64) -> Int32 {
        guard let i = store.find(key, hash: hash) else { return Self.absent }
        if store.nodes[Int(i)].expiresAt < now { return Self.expired }
        let bit = visited + Int(i)
        if bit.pointee.load(ordering: .relaxed) == 0 { bit.pointee.store(1, ordering: .relaxed) }
        return i
    }

    /// A lookup that removes an expired entry and counts (readers excluded).
    @inlinable
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
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
        visited[Int(i)].store(1, ordering: .relaxed)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    @inlinable
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        if let i = store.find(key, hash: hash) {
            store.nodes[Int(i)].value = value
            store.nodes[Int(i)].expiresAt = expiresAt
            visited[Int(i)].store(1, ordering: .relaxed)  // an update is an access
            counters.replacements &+= 1
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt)
        if store.nodes.count >= capacity {
            let victim = evict()
            counters.evictions &+= 1
            store.reuse(victim, for: node)
            visited[Int(victim)].store(0, ordering: .relaxed)
            queue.pushHead(victim, &store.nodes)
        } else {
            let i = store.append(node)
            visited[Int(i)].store(0, ordering: .relaxed)
            queue.pushHead(i, &store.nodes)
        }
    }

    /// Runs the hand to the first unvisited object, unlinks it and returns its index.
    @inlinable
    mutating func evict() -> Int32 {
        var o = hand >= 0 ? hand : queue.tail
        while visited[Int(o)].load(ordering: .relaxed) != 0 {
            visited[Int(o)].store(0, ordering: .relaxed)
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
            visited[Int(i)].store(visited[Int(moved)].load(ordering: .relaxed), ordering: .relaxed)
            if hand == moved { hand = i }
        }
    }

    @inlinable
    mutating func remove(_ key: Key, hash: UInt64) -> Value? {
        guard let i = store.find(key, hash: hash) else { return nil }
        let value = store.nodes[Int(i)].value
        removeNode(i)
        counters.removals &+= 1
        return value
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
