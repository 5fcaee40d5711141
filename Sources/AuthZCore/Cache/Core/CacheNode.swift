/// One entry of the list-based strategies, stored in a contiguous array and linked by indices.
///
/// `prev` points toward the list's head (newer), `next` toward its tail (older); -1 is "none".
/// `mark` is the strategy's per-entry bit or tag: SIEVE's visited bit, W-TinyLFU's segment.
@usableFromInline
struct CacheNode<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline var key: Key
    @usableFromInline var value: Value
    @usableFromInline var expiresAt: Int64
    @usableFromInline var prev: Int32
    @usableFromInline var next: Int32
    @usableFromInline var mark: UInt8

    @inlinable
    init(key: Key, value: Value, expiresAt: Int64, mark: UInt8 = 0) {
        self.key = key
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
    @usableFromInline var index: [Key: Int32]
    @usableFromInline var nodes: [CacheNode<Key, Value>]

    @inlinable
    init(capacity: Int) {
        index = Dictionary(minimumCapacity: capacity)
        nodes = []
        nodes.reserveCapacity(capacity)
    }

    /// Estimated bytes: the index at its bucket count plus the node array at its capacity.
    @inlinable
    var approximateBytes: Int {
        MemoryEstimate.dictionary(capacity: index.capacity, Key.self, Int32.self)
            + MemoryEstimate.array(capacity: nodes.capacity, CacheNode<Key, Value>.self)
    }

    /// Appends a node and indexes it; returns its index.
    @inlinable
    mutating func append(_ node: CacheNode<Key, Value>) -> Int32 {
        let i = Int32(truncatingIfNeeded: nodes.count)
        index[node.key] = i
        nodes.append(node)
        return i
    }

    /// Replaces the (already unlinked) node at `i` with `node`, re-indexing the key.
    @inlinable
    mutating func reuse(_ i: Int32, for node: CacheNode<Key, Value>) {
        index.removeValue(forKey: nodes[Int(i)].key)
        nodes[Int(i)] = node
        index[node.key] = i
    }

    /// Drops the (already unlinked) node at `i`: the last node moves into `i`.
    ///
    /// Returns the moved node's former index, or nil when `i` was the last node.
    @inlinable
    mutating func removeUnlinked(_ i: Int32) -> Int32? {
        let last = Int32(truncatingIfNeeded: nodes.count - 1)
        index.removeValue(forKey: nodes[Int(i)].key)
        if i == last {
            nodes.removeLast()
            return nil
        }
        nodes.swapAt(Int(i), Int(last))
        nodes.removeLast()
        index[nodes[Int(i)].key] = i
        return last
    }

    /// Drops every node, keeping capacity.
    @inlinable
    mutating func removeAll() {
        index.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }
}
