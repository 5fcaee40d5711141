/// One entry of the list-based strategies, stored in a contiguous array and linked by indices.
///
/// `prev` points toward the list's head (newer), `next` toward its tail (older); -1 is "none".
/// `mark` is the strategy's per-entry bit or tag: SIEVE's visited bit, W-TinyLFU's segment.
@usableFromInline
struct CacheNode<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline var key: Key
    /// The key's hash (`Hasher`, per-process seed), computed once per operation.
    @usableFromInline var hash: UInt64
    @usableFromInline var value: Value
    @usableFromInline var expiresAt: Int64
    @usableFromInline var prev: Int32
    @usableFromInline var next: Int32
    @usableFromInline var mark: UInt8

    @inlinable
    init(key: Key, hash: UInt64, value: Value, expiresAt: Int64, mark: UInt8 = 0) {
        self.key = key
        self.hash = hash
        self.value = value
        self.expiresAt = expiresAt
        self.prev = -1
        self.next = -1
        self.mark = mark
    }
}

/// The ends of an intrusive doubly linked list threaded through a `[CacheNode]` by index.
///
/// Every operation is O(1) and allocation-free. Several lists may share one node array.
@usableFromInline
struct NodeList: Sendable {
    @usableFromInline var head: Int32 = -1
    @usableFromInline var tail: Int32 = -1
    @usableFromInline var count = 0

    @inlinable init() {}

    /// Links node `i` (currently unlinked) in front of the head.
    @inlinable
    mutating func pushHead<K, V>(_ i: Int32, _ nodes: inout [CacheNode<K, V>]) {
        nodes[Int(i)].prev = -1
        nodes[Int(i)].next = head
        if head >= 0 { nodes[Int(head)].prev = i } else { tail = i }
        head = i
        count += 1
    }

    /// Unlinks node `i`, which must be in this list.
    @inlinable
    mutating func unlink<K, V>(_ i: Int32, _ nodes: inout [CacheNode<K, V>]) {
        let prev = nodes[Int(i)].prev
        let next = nodes[Int(i)].next
        if prev >= 0 { nodes[Int(prev)].next = next } else { head = next }
        if next >= 0 { nodes[Int(next)].prev = prev } else { tail = prev }
        nodes[Int(i)].prev = -1
        nodes[Int(i)].next = -1
        count -= 1
    }

    /// Moves node `i`, which must be in this list, to the head.
    @inlinable
    mutating func moveToHead<K, V>(_ i: Int32, _ nodes: inout [CacheNode<K, V>]) {
        guard head != i else { return }
        unlink(i, &nodes)
        pushHead(i, &nodes)
    }

    /// Repoints the list at a node that was copied from index `old` to index `new`.
    @inlinable
    mutating func relocate<K, V>(from old: Int32, to new: Int32, _ nodes: inout [CacheNode<K, V>]) {
        let prev = nodes[Int(new)].prev
        let next = nodes[Int(new)].next
        if prev >= 0 { nodes[Int(prev)].next = new } else if head == old { head = new }
        if next >= 0 { nodes[Int(next)].prev = new } else if tail == old { tail = new }
    }
}

/// A key -> index table over a dense node array: the storage of the list-based strategies.
///
/// Removal of an arbitrary node moves the last node into the hole (so the array stays dense and
/// the removed value is released at once); the caller fixes the moved node's list with
/// ``NodeList/relocate(from:to:_:)``. Eviction at capacity reuses the victim's slot instead.
@usableFromInline
struct NodeStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline var index: HashIndex
    @usableFromInline var nodes: [CacheNode<Key, Value>]

    @inlinable
    init(capacity: Int) {
        index = HashIndex(capacity: capacity)
        nodes = []
        nodes.reserveCapacity(capacity)
    }

    /// The hash every strategy uses for `key`: Swift's `Hasher`, seeded per process.
    @inlinable
    static func hash(_ key: Key) -> UInt64 { UInt64(UInt(bitPattern: key.hashValue)) }

    /// Estimated bytes: the hash index's buckets plus the node array at its capacity.
    @inlinable
    var approximateBytes: Int {
        index.approximateBytes + MemoryEstimate.array(capacity: nodes.capacity, CacheNode<Key, Value>.self)
    }

    /// The index of the node holding `key` (whose hash is `hash`).
    @inlinable
    func find(_ key: Key, hash: UInt64) -> Int32? {
        index.find(key, hash: hash, in: nodes)
    }

    /// Appends a node and indexes it; returns its index.
    @inlinable
    mutating func append(_ node: CacheNode<Key, Value>) -> Int32 {
        let i = Int32(truncatingIfNeeded: nodes.count)
        index.insert(hash: node.hash, node: i)
        nodes.append(node)
        return i
    }

    /// Replaces the (already unlinked) node at `i` with `node`, re-indexing.
    @inlinable
    mutating func reuse(_ i: Int32, for node: CacheNode<Key, Value>) {
        index.remove(hash: nodes[Int(i)].hash, node: i)
        nodes[Int(i)] = node
        index.insert(hash: node.hash, node: i)
    }

    /// Drops the (already unlinked) node at `i`: the last node moves into `i`.
    ///
    /// Returns the moved node's former index, or nil when `i` was the last node.
    @inlinable
    mutating func removeUnlinked(_ i: Int32) -> Int32? {
        let last = Int32(truncatingIfNeeded: nodes.count - 1)
        index.remove(hash: nodes[Int(i)].hash, node: i)
        if i == last {
            nodes.removeLast()
            return nil
        }
        nodes.swapAt(Int(i), Int(last))
        nodes.removeLast()
        index.update(hash: nodes[Int(i)].hash, from: last, to: i)
        return last
    }

    /// Drops every node, keeping capacity.
    @inlinable
    mutating func removeAll() {
        index.removeAll()
        nodes.removeAll(keepingCapacity: true)
    }
}
