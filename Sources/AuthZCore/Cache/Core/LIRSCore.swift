/// The state of LIRS (Jiang & Zhang, "LIRS: an efficient low inter-reference recency set
/// replacement policy", SIGMETRICS 2002), single-threaded: it ranks keys by their inter-reference
/// recency (the distinct keys seen between a key's last two accesses) rather than by recency alone,
/// so a loop or a scan larger than the cache does not flush the keys that are reused.
///
/// Parameters (the paper's, and libCacheSim's, so that the two agree on the same trace):
/// - **LIR set**: 99% of capacity. LIR keys are resident and never evicted while LIR; while the set
///   is not full, every new key joins it.
/// - **HIR residents**: the other 1% (at least 1), a FIFO queue `Q`; a miss on a full cache evicts
///   `Q`'s oldest entry.
/// - **Stack S**: the keys in recency order (head = most recent) up to the oldest LIR key: LIR keys,
///   and HIR keys (resident or not) accessed since. A key is identified there by its 64-bit seeded
///   hash, as in S3-FIFO's ghost; a collision of two keys' hashes only makes them share a place in
///   S (the older owner, if LIR, becomes HIR), never a wrong value.
/// - **Promotion**: an HIR key accessed while in S (resident, or remembered non-resident) has a
///   recency below the oldest LIR key's: it becomes LIR, and the LIR key at S's bottom becomes HIR
///   (the newest of `Q`). S's bottom is then pruned down to the next LIR key.
/// - **Bound**: S holds at most 2 x capacity entries (libCacheSim's bound): beyond it, the
///   non-resident entries are dropped in the order they became non-resident.
///
/// A hit on an LIR key moves its stack entry to the head (and prunes when it was the bottom); a hit
/// on an HIR key is a promotion or a move in `Q` and S. Every operation is O(1) amortised: each
/// entry pruned from S was pushed once.
///
/// Memory estimate: the hash index and node array (as ``LRUCore``), plus S's index and nodes (a
/// 64-bit hash and a resident index per entry, up to 2 x capacity) and the non-resident order (as
/// S3-FIFO's ghost, up to 2 x capacity).
public struct LIRSCore<Key: Hashable & Sendable, Value: Sendable>: NodeStoreCore {
    /// The `mark` of an LIR resident.
    @usableFromInline static var lir: UInt8 { 0 }
    /// The `mark` of an HIR resident (linked in `queue`).
    @usableFromInline static var hir: UInt8 { 1 }

    // Counters first: in the lock slot they share the mutex's cache line.
    @usableFromInline var counters = CacheCounters()
    /// The resident entries; the HIR ones are linked in `queue`.
    @usableFromInline var store: NodeStore<Key, Value>
    /// `Q`: the HIR residents, newest at the head.
    @usableFromInline var queue = NodeList()
    /// S's entries: key and hash are the key's hash (one entry per hash), the value the resident's
    /// index in `store`, or -1 for a non-resident key.
    @usableFromInline var stack: NodeStore<UInt64, Int32>
    /// S's order, most recent at the head.
    @usableFromInline var stackOrder = NodeList()
    /// The hashes of S's non-resident entries, in the order they became non-resident.
    @usableFromInline var nonResidents: GhostQueue
    @usableFromInline let lirCapacity: Int
    @usableFromInline let stackLimit: Int
    @usableFromInline var lirCount = 0

    /// Creates an empty LIRS cache of at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        lirCapacity = capacity - max(1, capacity / 100)
        stackLimit = 2 * capacity
        store = NodeStore(capacity: capacity)
        // One push per operation before the bound applies again.
        stack = NodeStore(capacity: stackLimit + 1)
        nonResidents = GhostQueue(capacity: stackLimit + 1)
    }

    /// The value for `key` if live at `now`; a hit moves it up S (and may promote it to LIR).
    ///
    /// - Complexity: O(1) amortised.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        guard let i = liveNode(key, hash: hash, now: now) else { return nil }
        access(i, hash: hash)
        counters.hits &+= 1
        return store.nodes[Int(i)].value
    }

    /// One access of resident `i`.
    @inlinable
    mutating func access(_ i: Int32, hash: UInt64) {
        let found = stack.find(hash, hash: hash)
        let entry = entry(found, ifOwnedBy: i)
        if store.nodes[Int(i)].mark == Self.lir, let entry {
            let wasBottom = stackOrder.tail == entry
            stackOrder.moveToHead(entry, stack.nodes)
            if wasBottom { prune() }
        } else if let entry {
            // An HIR resident still in S: its recency beats the bottom LIR key's.
            queue.unlink(i, store.nodes)
            store.nodes[Int(i)].mark = Self.lir
            lirCount &+= 1
            stackOrder.moveToHead(entry, stack.nodes)
            if lirCount > lirCapacity { demoteBottom() }
        } else {
            // An HIR resident that left S (or, after a hash collision, an LIR one that lost its entry).
            if store.nodes[Int(i)].mark == Self.hir { queue.moveToHead(i, store.nodes) }
            push(hash, resident: i, found: found)
            limitStack()
        }
    }

    /// Inserts `key` (LIR while the LIR set has room or S remembers it, else the newest HIR
    /// resident), or replaces it (an access); when full, evicts `Q`'s oldest entry first.
    ///
    /// - Complexity: O(1) amortised.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        if let i = replace(value, forKey: key, hash: hash, expiresAt: expiresAt) {
            access(i, hash: hash)
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt, mark: Self.hir)
        let i: Int32
        if store.isFull {
            i = evictOldestHIR()
            counters.evictions &+= 1
            store.reuse(i, for: node)
        } else {
            i = store.append(node)
        }
        let found = stack.find(hash, hash: hash)
        let remembered = found.map { stack.nodes[Int($0)].value < 0 } ?? false
        if lirCount < lirCapacity || remembered {
            store.nodes[Int(i)].mark = Self.lir
            lirCount &+= 1
            push(hash, resident: i, found: found)
            if lirCount > lirCapacity { demoteBottom() }
        } else {
            queue.pushHead(i, store.nodes)
            push(hash, resident: i, found: found)
        }
        limitStack()
    }

    /// Removes node `i` (expired, or removed by the caller), and its entry in S.
    @inlinable
    mutating func removeNode(_ i: Int32) {
        let nodes = store.nodes
        if nodes[Int(i)].mark == Self.lir { lirCount &-= 1 } else { queue.unlink(i, nodes) }
        if let entry = stackEntry(ofResident: i, hash: nodes[Int(i)].hash) { dropStackEntry(entry) }
        if let moved = store.removeUnlinked(i) {
            if nodes[Int(i)].mark == Self.hir { queue.relocate(from: moved, to: i, nodes) }
            if let entry = stackEntry(ofResident: moved, hash: nodes[Int(i)].hash) { stack.nodes[Int(entry)].value = i }
        }
        prune()
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) amortised.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? { removeEntry(key, hash: hash) }

    /// Removes every entry and S's history, keeping the buffers.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    public mutating func removeAll() {
        removeAllNodes()
        queue = NodeList()
        stack.removeAll()
        stackOrder = NodeList()
        nonResidents.removeAll()
        lirCount = 0
    }

    /// The counters, the entry count and the memory estimate (S and the non-resident order
    /// included).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats {
        nodeStats(extraBytes: stack.approximateBytes + nonResidents.approximateBytes)
    }

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
        stack.deallocate()
        nonResidents.deallocate()
    }
}
