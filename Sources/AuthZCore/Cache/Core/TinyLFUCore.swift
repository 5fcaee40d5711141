/// The state of W-TinyLFU (Einziger, Friedman & Manes; Caffeine's design), single-threaded: near-
/// optimal hit ratio on skewed workloads, resistant to scans of one-hit wonders.
///
/// - Window: an LRU of 1% of capacity (at least 1) that every new key enters.
/// - Main: a segmented LRU of the rest, probation (20%) and protected (80%). A hit in probation
///   promotes to protected; protected overflow demotes its LRU end back to probation.
/// - Admission: when the window overflows and the main space is full, the window's LRU entry (the
///   candidate) competes with probation's LRU entry (the victim; protected's when probation is
///   empty): the one the `FrequencySketch` estimates more frequent stays, ties favour the victim
///   (the incumbent), as Caffeine's basic policy.
/// - No admission by chance. Caffeine admits a warm candidate (estimate >= 6) that lost with
///   probability 1/128: its sketch hashes a key's public `hashCode`, so an attacker can craft keys
///   that collide with a victim and make it look hot. Here the sketch hashes the key's keyed hash
///   (SipHash under the process's random key) re-mixed with its own random row seeds, so such
///   collisions cannot be crafted (AuthZCore's threat model, "Hash flooding of cache keys"), and
///   the draw would only add chance to the hit ratio: on the `loop` trace at half its keys it cost
///   1.8 points, and on `multi2` it moved a cell by a point from one seed to the next
///   (`results/README.md`).
/// - Every hit and every insert records one occurrence of the key's hash in the sketch.
///
/// The window stays 1% here (Caffeine 2.6.2's design, the `tinylfu-fixed` strategy);
/// ``AdaptiveTinyLFUCore`` resizes it by hill climbing, as Caffeine has since (`tinylfu`).
///
/// Memory estimate: the hash index (8-byte buckets, >= 2 x capacity), the node array at its
/// capacity, the sketch's counter table and the doorkeeper's bits.
public struct TinyLFUCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore, SeededCacheCore {
    @usableFromInline static var window: UInt8 { 0 }
    @usableFromInline static var probation: UInt8 { 1 }
    @usableFromInline static var protected: UInt8 { 2 }

    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline var windowCapacity: Int
    @usableFromInline var protectedCapacity: Int
    @usableFromInline var store: NodeStore<Key, Value>
    /// The window, probation and protected lists, indexed by a node's `mark`.
    @usableFromInline var lists = (NodeList(), NodeList(), NodeList())
    @usableFromInline var sketch: FrequencySketch

    /// Creates an empty W-TinyLFU whose sketch seeds derive from `seed`.
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int, seed: UInt64) {
        self.init(capacity: capacity, seed: seed, doorkeeperInEstimate: true)
    }

    /// Creates an empty W-TinyLFU whose sketch seeds derive from `seed`, its estimates with or
    /// without the doorkeeper's 1 (`FrequencySketch`; ``AdaptiveTinyLFUCore`` leaves it out).
    ///
    /// - Complexity: O(capacity).
    @inlinable
    package init(capacity: Int, seed: UInt64, doorkeeperInEstimate: Bool) {
        let capacity = max(1, capacity)
        windowCapacity = max(1, capacity / 100)
        protectedCapacity = (capacity - windowCapacity) * 8 / 10
        store = NodeStore(capacity: capacity)
        var seeds = SeedSequence(seed)
        sketch = FrequencySketch(capacity: capacity, seeds: &seeds, doorkeeperInEstimate: doorkeeperInEstimate)
    }

    /// Runs `body` on the list of segment `mark`.
    @inlinable
    mutating func withList<R>(_ mark: UInt8, _ body: (inout NodeList) -> R) -> R {
        switch mark {
        case Self.window: body(&lists.0)
        case Self.probation: body(&lists.1)
        default: body(&lists.2)
        }
    }

    /// Moves node `i` from its segment's list to the head of segment `mark`'s list.
    @inlinable
    mutating func move(_ i: Int32, to mark: UInt8) {
        let nodes = store.nodes
        withList(nodes[Int(i)].mark) { $0.unlink(i, nodes) }
        nodes[Int(i)].mark = mark
        withList(mark) { $0.pushHead(i, nodes) }
    }

    /// The value for `key` if live at `now`; a hit counts in the sketch and moves the entry.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        sketch.increment(hash)
        onAccess(i)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    /// Moves an accessed node: within its LRU, or from probation to protected (demoting
    /// protected's LRU entry when protected overflows).
    @inlinable
    mutating func onAccess(_ i: Int32) {
        switch store.nodes[Int(i)].mark {
        case Self.window:
            lists.0.moveToHead(i, store.nodes)
        case Self.probation:
            move(i, to: Self.protected)
            if lists.2.count > protectedCapacity { move(lists.2.tail, to: Self.probation) }
        default:
            lists.2.moveToHead(i, store.nodes)
        }
    }

    /// Inserts `key` into the window, or replaces it (an access); when full, the window's LRU
    /// entry and main's victim duel for the freed slot.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        sketch.increment(hash)
        if let i = replace(value, forKey: key, hash: hash, expiresAt: expiresAt) {
            onAccess(i)
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt, mark: Self.window)
        if store.isFull {
            // Full: window and main are both at their capacities. Free one slot by a duel.
            let slot = evictOne()
            counters.evictions &+= 1
            store.reuse(slot, for: node)
            lists.0.pushHead(slot, store.nodes)
            return
        }
        lists.0.pushHead(store.append(node), store.nodes)
        if lists.0.count > windowCapacity {
            // Main has room (the cache was not full): the window's LRU entry moves to probation.
            move(lists.0.tail, to: Self.probation)
        }
    }

    /// The duel between the window's LRU entry and main's victim; unlinks the loser, returns it.
    @inlinable
    mutating func evictOne() -> Int32 {
        let candidate = lists.0.tail
        let victim = lists.1.tail >= 0 ? lists.1.tail : lists.2.tail
        guard victim >= 0, admit(candidate: candidate, victim: victim) else {
            lists.0.unlink(candidate, store.nodes)
            return candidate
        }
        let nodes = store.nodes
        withList(nodes[Int(victim)].mark) { $0.unlink(victim, nodes) }
        move(candidate, to: Self.probation)
        return victim
    }

    /// Whether the candidate should replace the victim: strictly more frequent (a tie keeps the
    /// incumbent).
    @inlinable
    func admit(candidate: Int32, victim: Int32) -> Bool {
        sketch.frequency(store.nodes[Int(candidate)].hash) > sketch.frequency(store.nodes[Int(victim)].hash)
    }

    /// Removes node `i` (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        let nodes = store.nodes
        withList(nodes[Int(i)].mark) { $0.unlink(i, nodes) }
        if let moved = store.removeUnlinked(i) {
            withList(nodes[Int(i)].mark) { $0.relocate(from: moved, to: i, nodes) }
        }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? { removeEntry(key, hash: hash) }

    /// Removes every entry, keeping the buffers and the sketch's history.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    public mutating func removeAll() {
        removeAllNodes()
        lists = (NodeList(), NodeList(), NodeList())
    }

    /// The counters, the entry count and the memory estimate (sketch included).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats { nodeStats(extraBytes: sketch.approximateBytes) }

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

    /// The sketch's frequency estimate for `key`: for tests and diagnostics.
    package func estimatedFrequency(of key: Key) -> Int { sketch.frequency(cacheHash(key)) }

    /// How many times the sketch has halved its counters: for tests and diagnostics.
    package var sketchResets: Int { sketch.resets }
}
