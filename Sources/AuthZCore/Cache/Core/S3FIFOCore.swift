/// The state of S3-FIFO (Yang et al., "FIFO queues are all you need for cache eviction", SOSP '23),
/// single-threaded: three FIFO queues, scan-resistant, and a hit that only bumps a 2-bit counter.
///
/// Parameters (libCacheSim's defaults, so that the two agree on the same trace):
/// - **Small queue**: 10% of capacity (`capacity / 10`, at least 1 when capacity > 1); every new
///   key enters it, except while the cache is still filling and the small queue is full (then the
///   key goes to main: libCacheSim's warm-up rule).
/// - **Main queue**: the rest of the capacity.
/// - **Ghost queue**: the hashes of up to 90% of capacity keys evicted from the small queue
///   (`GhostQueue`); a new key found there enters main directly.
/// - **Frequency**: 0...3 per entry (a hit adds 1, saturating). When the small queue's oldest
///   entry is evicted, it moves to main if it was hit at least twice (libCacheSim's
///   `move-to-main-threshold=2`; the paper's text says once), else it leaves for the ghost. Main is
///   a FIFO with reinsertion (CLOCK-like): its oldest entry, if hit since it was (re)inserted, goes
///   back to the head with its frequency less one, else it is evicted.
/// - **Which queue evicts**: main when it holds more than its share (or the small queue is empty),
///   else the small queue.
///
/// A hit changes no list and touches one byte of its node. Eviction is O(1) amortised: each
/// reinsertion into main spends one unit of a frequency that a hit paid for.
///
/// Memory estimate: the hash index and node array (as ``LRUCore``), plus the ghost's own index and
/// nodes (a 64-bit hash, links and padding: about 40 bytes of node and 16 of index per ghost entry).
public struct S3FIFOCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    /// The `mark` bit of an entry in main (the low two bits are its frequency).
    @usableFromInline static var inMain: UInt8 { 4 }
    /// The frequency bits of `mark`.
    @usableFromInline static var frequencyMask: UInt8 { 3 }
    /// Hits in the small queue that send an entry to main at eviction (libCacheSim's default).
    @usableFromInline static var moveToMainThreshold: UInt8 { 2 }

    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    @usableFromInline var store: NodeStore<Key, Value>
    @usableFromInline var small = NodeList()
    @usableFromInline var main = NodeList()
    @usableFromInline var ghost: GhostQueue
    @usableFromInline let smallCapacity: Int
    @usableFromInline let mainCapacity: Int

    /// Creates an empty S3-FIFO of at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        store = NodeStore(capacity: capacity)
        smallCapacity = capacity / 10
        mainCapacity = capacity - smallCapacity
        ghost = GhostQueue(capacity: capacity * 9 / 10)
    }

    /// The value for `key` if live at `now`; a hit adds one to its frequency (at most 3).
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        touch(i)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    /// One access of node `i`: its frequency plus one, saturating at 3.
    @inlinable @inline(__always)
    func touch(_ i: Int32) {
        let mark = store.nodes[Int(i)].mark
        if mark & Self.frequencyMask != Self.frequencyMask { store.nodes[Int(i)].mark = mark &+ 1 }
    }

    /// Inserts `key` (into main if the ghost remembers it, else the small queue), or replaces it
    /// (an access); evicts first when full.
    ///
    /// - Complexity: O(1) amortised.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        if let i = replace(value, forKey: key, hash: hash, expiresAt: expiresAt) {
            touch(i)
            return
        }
        // While the cache fills, a key that finds the small queue full goes to main (libCacheSim's
        // rule). Once full, the eviction runs before the ghost is asked, as libCacheSim orders it.
        let evicted: Int32?
        let toMain: Bool
        if store.isFull {
            evicted = evict()
            counters.evictions &+= 1
            toMain = ghost.remove(hash)
        } else {
            evicted = nil
            toMain = ghost.remove(hash) || small.count >= smallCapacity
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt, mark: toMain ? Self.inMain : 0)
        let i: Int32
        if let evicted {
            store.reuse(evicted, for: node)
            i = evicted
        } else {
            i = store.append(node)
        }
        if toMain { main.pushHead(i, store.nodes) } else { small.pushHead(i, store.nodes) }
    }

    /// Frees one slot: unlinks the evicted node and returns its index.
    @inlinable
    mutating func evict() -> Int32 {
        while true {
            if main.count > mainCapacity || small.count == 0 {
                if let victim = evictFromMain() { return victim }
            } else if let victim = evictFromSmall() {
                return victim
            }
        }
    }

    /// The small queue's oldest entries: those hit twice move to main, until one leaves (its hash
    /// to the ghost). Nil when the queue emptied into main.
    @inlinable
    mutating func evictFromSmall() -> Int32? {
        let nodes = store.nodes
        while small.tail >= 0 {
            let i = small.tail
            small.unlink(i, nodes)
            if nodes[Int(i)].mark & Self.frequencyMask >= Self.moveToMainThreshold {
                nodes[Int(i)].mark |= Self.inMain
                main.pushHead(i, nodes)
            } else {
                ghost.add(nodes[Int(i)].hash)
                return i
            }
        }
        return nil
    }

    /// Main's oldest entry: reinserted with its frequency less one if it was hit, else evicted.
    /// Nil when it was reinserted.
    @inlinable
    mutating func evictFromMain() -> Int32? {
        let nodes = store.nodes
        let i = main.tail
        let frequency = nodes[Int(i)].mark & Self.frequencyMask
        guard frequency == 0 else {
            nodes[Int(i)].mark = Self.inMain | (frequency &- 1)
            main.moveToHead(i, nodes)
            return nil
        }
        main.unlink(i, nodes)
        return i
    }

    /// Removes node `i` (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        let nodes = store.nodes
        let inMain = nodes[Int(i)].mark & Self.inMain != 0
        if inMain { main.unlink(i, nodes) } else { small.unlink(i, nodes) }
        guard let moved = store.removeUnlinked(i) else { return }
        if nodes[Int(i)].mark & Self.inMain != 0 {
            main.relocate(from: moved, to: i, nodes)
        } else {
            small.relocate(from: moved, to: i, nodes)
        }
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? { removeEntry(key, hash: hash) }

    /// Removes every entry, keeping the buffers and the ghost's history.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    public mutating func removeAll() {
        removeAllNodes()
        small = NodeList()
        main = NodeList()
    }

    /// The counters, the entry count and the memory estimate (ghost included).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats { nodeStats(extraBytes: ghost.approximateBytes) }

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
        ghost.deallocate()
    }

    /// The keys of the small queue and of main, newest first: for tests.
    package var queues: (small: [Key], main: [Key]) { (store.keys(from: small.head), store.keys(from: main.head)) }
}
