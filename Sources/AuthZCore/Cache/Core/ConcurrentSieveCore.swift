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

/// SIEVE (as in ``SieveCore``: one FIFO queue, the hand moving from tail to head clearing visited
/// bits, evicting the first unvisited object) for one shard of ``ShardedCache``, with a lookup
/// that only reads.
///
/// The buffers are a ``SharedReadTable`` (raw, fixed at `init`), so that a reader reaches them
/// with plain loads of `table` alone: it never copies the core (whose counters a lock holder may
/// be updating) and never retains anything but the value it returns. ``find(_:hash:now:)`` and
/// ``peek(_:hash:now:)`` may run on many threads at once and alongside ``ReaderWriterShards``'s
/// lock-only code; every mutating method requires readers to be excluded. A hit sets the node's
/// visited bit with a relaxed atomic store, only when it is not already set (a hot entry costs no
/// write after its first hit); the hand reads and clears bits atomically too. Node `i`'s visited
/// bit moves with the node.
///
/// Nodes are dense (`0..<count`): removing a node moves the last one into its place; eviction at
/// capacity reuses the victim's slot.
@usableFromInline
struct ConcurrentSieveCore<Key: Hashable & Sendable, Value: Sendable> {
    /// The buffers; the only field a shared reader loads.
    @usableFromInline let table: SharedReadTable<Key, Value>
    /// Counted under the shard's mutex only (shared reads count in their ``ReaderRecord``).
    @usableFromInline var counters = CacheCounters()
    /// The number of nodes (initialised at `0..<count`).
    @usableFromInline var count = 0
    /// The queue's newest node, or -1.
    @usableFromInline var head: Int32 = -1
    /// The queue's oldest node, or -1.
    @usableFromInline var tail: Int32 = -1
    /// The hand: the next object to examine, or -1 (start at the tail).
    @usableFromInline var hand: Int32 = -1

    @inlinable
    init(capacity: Int) {
        table = SharedReadTable(capacity: max(1, capacity))
    }

    /// The maximum number of nodes.
    @inlinable var capacity: Int { table.capacity }

    /// Frees the buffers; the core must not be used afterwards.
    @inlinable
    func deallocate() { table.deallocate(count: count) }

    /// The counters kept under the mutex (shared reads' hits and misses not included).
    @inlinable
    var stats: CacheStats { counters.stats(entries: count, bytes: table.approximateBytes) }

    /// ``find(_:hash:now:)``'s answer when the key is absent.
    @inlinable static var absent: Int32 { -1 }
    /// ``find(_:hash:now:)``'s answer when the key's entry has expired.
    @inlinable static var expired: Int32 { -2 }

    /// The node index of `key`'s live entry (its visited bit set), or ``absent`` or ``expired``;
    /// changes nothing but the visited bit. Safe for shared readers: `table` is a constant.
    @inlinable @inline(__always)
    static func find(in table: SharedReadTable<Key, Value>, _ key: Key, hash: UInt64, now: Int64) -> Int32 {
        let i = table.find(key, hash: hash)
        if i < 0 { return absent }
        if table.nodes[Int(i)].expiresAt < now { return expired }
        table.markVisited(i)
        return i
    }

    /// Finds `key` without changing anything but its visited bit (safe for shared readers).
    @inlinable
    static func peek(in table: SharedReadTable<Key, Value>, _ key: Key, hash: UInt64, now: Int64) -> PeekResult<Value> {
        let i = find(in: table, key, hash: hash, now: now)
        if i >= 0 { return .hit(table.nodes[Int(i)].value) }
        return i == absent ? .absent : .expired
    }

    /// A lookup that removes an expired entry and counts (readers excluded).
    @inlinable
    mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        let i = table.find(key, hash: hash)
        guard i >= 0 else {
            counters.misses &+= 1
            return nil
        }
        if table.nodes[Int(i)].expiresAt < now {
            removeNode(i)
            counters.expirations &+= 1
            counters.misses &+= 1
            return nil
        }
        table.setVisited(i, true)
        counters.hits &+= 1
        return table.nodes[Int(i)].value
    }

    @inlinable
    mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        counters.inserts &+= 1
        let found = table.find(key, hash: hash)
        if found >= 0 {
            table.nodes[Int(found)].value = value
            table.nodes[Int(found)].expiresAt = expiresAt
            table.setVisited(found, true)  // an update is an access
            counters.replacements &+= 1
            return
        }
        let node = CacheNode(key: key, hash: hash, value: value, expiresAt: expiresAt)
        let i: Int32
        if count >= capacity {
            i = evict()
            counters.evictions &+= 1
            table.indexRemove(hash: table.nodes[Int(i)].hash, node: i)
            table.nodes[Int(i)] = node
        } else {
            i = Int32(truncatingIfNeeded: count)
            (table.nodes + count).initialize(to: node)
            count += 1
        }
        table.indexInsert(hash: hash, node: i)
        table.setVisited(i, false)
        pushHead(i)
    }

    /// Runs the hand to the first unvisited object, unlinks it and returns its index.
    @inlinable
    mutating func evict() -> Int32 {
        var o = hand >= 0 ? hand : tail
        while table.isVisited(o) {
            table.setVisited(o, false)
            let prev = table.nodes[Int(o)].prev
            o = prev >= 0 ? prev : tail
        }
        hand = table.nodes[Int(o)].prev
        unlink(o)
        return o
    }

    /// Removes node `i` outside eviction (expired, or removed by the caller).
    @inlinable
    mutating func removeNode(_ i: Int32) {
        if hand == i { hand = table.nodes[Int(i)].prev }
        unlink(i)
        table.indexRemove(hash: table.nodes[Int(i)].hash, node: i)
        let last = Int32(truncatingIfNeeded: count - 1)
        count -= 1
        if i == last {
            (table.nodes + Int(last)).deinitialize(count: 1)
            return
        }
        (table.nodes + Int(i)).deinitialize(count: 1)
        (table.nodes + Int(i)).moveInitialize(from: table.nodes + Int(last), count: 1)
        table.indexUpdate(hash: table.nodes[Int(i)].hash, from: last, to: i)
        table.setVisited(i, table.isVisited(last))
        let prev = table.nodes[Int(i)].prev
        let next = table.nodes[Int(i)].next
        if prev >= 0 { table.nodes[Int(prev)].next = i } else { head = i }
        if next >= 0 { table.nodes[Int(next)].prev = i } else { tail = i }
        if hand == last { hand = i }
    }

    @inlinable
    mutating func remove(_ key: Key, hash: UInt64) -> Value? {
        let i = table.find(key, hash: hash)
        guard i >= 0 else { return nil }
        let value = table.nodes[Int(i)].value
        removeNode(i)
        counters.removals &+= 1
        return value
    }

    @inlinable
    mutating func removeAll() {
        counters.removals &+= count
        table.nodes.deinitialize(count: count)
        table.indexRemoveAll()
        count = 0
        head = -1
        tail = -1
        hand = -1
    }

    /// Links node `i` (currently unlinked) in front of the head.
    @inlinable
    mutating func pushHead(_ i: Int32) {
        table.nodes[Int(i)].prev = -1
        table.nodes[Int(i)].next = head
        if head >= 0 { table.nodes[Int(head)].prev = i } else { tail = i }
        head = i
    }

    /// Unlinks node `i`.
    @inlinable
    mutating func unlink(_ i: Int32) {
        let prev = table.nodes[Int(i)].prev
        let next = table.nodes[Int(i)].next
        if prev >= 0 { table.nodes[Int(prev)].next = next } else { head = next }
        if next >= 0 { table.nodes[Int(next)].prev = prev } else { tail = prev }
        table.nodes[Int(i)].prev = -1
        table.nodes[Int(i)].next = -1
    }

    /// The keys from head (newest) to tail (oldest): for tests.
    var keysFromHead: [Key] {
        var keys: [Key] = []
        var i = head
        while i >= 0 {
            keys.append(table.nodes[Int(i)].key)
            i = table.nodes[Int(i)].next
        }
        return keys
    }
}
