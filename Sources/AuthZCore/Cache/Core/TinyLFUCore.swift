/// The state of W-TinyLFU (Einziger, Friedman & Manes; Caffeine's design), single-threaded.
///
/// - Window: an LRU of 1% of capacity (at least 1) that every new key enters.
/// - Main: a segmented LRU of the rest, probation (20%) and protected (80%). A hit in probation
///   promotes to protected; protected overflow demotes its LRU end back to probation.
/// - Admission: when the window overflows and the main space is full, the window's LRU entry (the
///   candidate) competes with probation's LRU entry (the victim; protected's when probation is
///   empty): the one the ``FrequencySketch`` estimates more frequent stays, ties favour the victim
///   (the incumbent), as Caffeine's basic policy.
/// - Hash-flooding defence (Caffeine's): an attacker can make a victim look hot by colliding with
///   it, so a warm candidate (estimate >= 6) that lost is still admitted with probability 1/128,
///   drawn from a per-cache xorshift generator seeded from the system generator.
/// - Every hit and every insert records one occurrence of the key in the sketch.
///
/// Caffeine's adaptive window resizing (hill climbing) is not implemented: the window stays 1%.
@usableFromInline
struct TinyLFUCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    @usableFromInline static var window: UInt8 { 0 }
    @usableFromInline static var probation: UInt8 { 1 }
    @usableFromInline static var protected: UInt8 { 2 }
    /// Caffeine's `ADMIT_HASHDOS_THRESHOLD`.
    @usableFromInline static var hashDoSThreshold: Int { 6 }

    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline let capacity: Int
    @usableFromInline let windowCapacity: Int
    @usableFromInline let mainCapacity: Int
    @usableFromInline let protectedCapacity: Int
    @usableFromInline var store: NodeStore<Key, Value>
    @usableFromInline var lists = (NodeList(), NodeList(), NodeList())
    @usableFromInline var sketch: FrequencySketch
    @usableFromInline var random: UInt64

    @inlinable
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        windowCapacity = max(1, self.capacity / 100)
        mainCapacity = self.capacity - windowCapacity
        protectedCapacity = mainCapacity * 8 / 10
        store = NodeStore(capacity: self.capacity)
        sketch = FrequencySketch(capacity: self.capacity)
        var rng = SystemRandomNumberGenerator()
        random = rng.next() | 1
    }

    @inlinable
    var stats: CacheStats {
        counters.stats(
            entries: store.nodes.count, bytes: store.approximateBytes + sketch.approximateBytes)
    }

    /// Runs `body` on the list of segment `mark`.
    @inlinable
    mutating func withList<R>(_ mark: UInt8, _ body: (inout NodeList, inout [CacheNode<Key, Value>]) -> R) -> R {
        switch mark {
        case Self.window: body(&lists.0, &store.nodes)
        case Self.probation: body(&lists.1, &store.nodes)
        default: body(&lists.2, &store.nodes)
        }
    }

    @inlinable
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        sketch.increment(hash)
        onAccess(i)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    /// Moves an accessed node: within its LRU, or from probation to protected.
    @inlinable
    mutating func onAccess(_ i: Int32) {
        switch store.nodes[Int(i)].mark {
        case Self.window:
            lists.0.moveToHead(i, &store.nodes)
        case Self.probation:
            lists.1.unlink(i, &store.nodes)
            store.nodes[Int(i)].mark = Self.protected
            lists.2.pushHead(i, &store.nodes)
            if lists.2.count > protectedCapacity {
                let demoted = lists.2.tail
                lists.2.unlink(demoted, &store.nodes)
                store.nodes[Int(demoted)].mark = Self.probation
                lists.1.pushHead(demoted, &store.nodes)
            }
        default:
            lists.2.moveToHead(i, &store.nodes)
        }
    }

    @inlinable
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        sketch.increment(hash)
        if let i = store.find(key, hash: hash) {
            store.nodes[Int(i)].value = value
            store.nodes[Int(i)].expiresAt = expiresAt
            onAccess(i)
            counters.replacements &+= 1
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt, mark: Self.window)
        if store.nodes.count >= capacity {
            // Full: window and main are both at their capacities. Free one slot by a duel.
            let slot = evictOne()
            counters.evictions &+= 1
            store.reuse(slot, for: node)
            lists.0.pushHead(slot, &store.nodes)
            return
        }
        let i = store.append(node)
        lists.0.pushHead(i, &store.nodes)
        if lists.0.count > windowCapacity {
            // Main has room (the cache was not full): the window's LRU entry moves to probation.
            let candidate = lists.0.tail
            lists.0.unlink(candidate, &store.nodes)
            store.nodes[Int(candidate)].mark = Self.probation
            lists.1.pushHead(candidate, &store.nodes)
        }
    }

    /// The duel between the window's LRU entry and main's victim; unlinks the loser, returns it.
    @inlinable
    mutating func evictOne() -> Int32 {
        let candidate = lists.0.tail
        let victim = lists.1.tail >= 0 ? lists.1.tail : lists.2.tail
        lists.0.unlink(candidate, &store.nodes)
        guard victim >= 0, admit(candidate: candidate, victim: victim) else { return candidate }
        withList(store.nodes[Int(victim)].mark) { $0.unlink(victim, &$1) }
        store.nodes[Int(candidate)].mark = Self.probation
        lists.1.pushHead(candidate, &store.nodes)
        return victim
    }

    /// Whether the candidate should replace the victim: strictly more frequent, or a warm
    /// candidate's 1/128 random chance (hash-flooding defence).
    @inlinable
    mutating func admit(candidate: Int32, victim: Int32) -> Bool {
        let candidateFrequency = sketch.frequency(store.nodes[Int(candidate)].hash)
        let victimFrequency = sketch.frequency(store.nodes[Int(victim)].hash)
        if candidateFrequency > victimFrequency { return true }
        guard candidateFrequency >= Self.hashDoSThreshold else { return false }
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return random & 127 == 0
    }

    /// Removes node `i` (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        withList(store.nodes[Int(i)].mark) { $0.unlink(i, &$1) }
        if let moved = store.removeUnlinked(i) {
            withList(store.nodes[Int(i)].mark) { $0.relocate(from: moved, to: i, &$1) }
        }
    }

    @inlinable
    mutating func removeAll() {
        counters.removals &+= store.nodes.count
        store.removeAll()
        lists = (NodeList(), NodeList(), NodeList())
    }
}
