/// The storage of the node-based cores: a dense node array of fixed capacity and its
/// `HashIndex`, both behind raw pointers allocated once in `init`.
///
/// Nodes are dense (`0..<count`): removing a node moves the last one into its place (so the
/// removed value is released at once) and the caller repoints the moved node's list with
/// ``NodeList/relocate(from:to:_:)``; eviction at capacity reuses the victim's slot instead.
///
/// Raw pointers rather than arrays, because the sharded cache's readers search a shard without its
/// lock: they must reach the nodes with plain loads, never copy an array (a reference count
/// write on a shared line) or make an `inout` access. Apart from ``count``, the fields never change
/// after `init`; a reader may copy the store while the writers are excluded from changing it. The
/// owner frees the buffers with ``deallocate()``.
@usableFromInline
struct NodeStore<Key: Hashable & Sendable, Value: Sendable> {
    @usableFromInline let index: HashIndex
    @usableFromInline let nodes: UnsafeMutablePointer<CacheNode<Key, Value>>
    /// The maximum number of nodes.
    @usableFromInline let capacity: Int
    /// The number of nodes (initialised at `0..<count`).
    @usableFromInline var count = 0

    /// Allocates the buffers for `capacity` nodes (none initialised).
    @inlinable
    init(capacity: Int) {
        self.capacity = capacity
        index = HashIndex(capacity: capacity)
        nodes = .allocate(capacity: capacity)
    }

    /// Deinitialises the nodes and frees the buffers; the store must not be used afterwards.
    @inlinable
    func deallocate() {
        nodes.deinitialize(count: count)
        nodes.deallocate()
        index.deallocate()
    }

    /// Bytes of the hash index's buckets plus the node array at its capacity.
    @inlinable
    var approximateBytes: Int {
        index.approximateBytes + capacity * MemoryLayout<CacheNode<Key, Value>>.stride
    }

    /// Whether every slot holds a node.
    @inlinable
    var isFull: Bool { count >= capacity }

    /// The index of the node holding `key` (whose hash is `hash`), if any. Reads only.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    func find(_ key: Key, hash: UInt64) -> Int32? {
        let nodes = self.nodes
        return index.find(hash: hash) { nodes[Int($0)].key == key }
    }

    /// Appends `node` (the store must not be full) and indexes it; returns its index.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    mutating func append(_ node: CacheNode<Key, Value>) -> Int32 {
        let i = Int32(truncatingIfNeeded: count)
        (nodes + count).initialize(to: node)
        count &+= 1
        index.insert(hash: node.hash, node: i)
        return i
    }

    /// Replaces the (already unlinked) node at `i` with `node`, re-indexing.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    func reuse(_ i: Int32, for node: CacheNode<Key, Value>) {
        index.remove(hash: nodes[Int(i)].hash, node: i)
        nodes[Int(i)] = node
        index.insert(hash: node.hash, node: i)
    }

    /// Drops the (already unlinked) node at `i`: the last node moves into `i`.
    ///
    /// Returns the moved node's former index, or nil when `i` was the last node.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    mutating func removeUnlinked(_ i: Int32) -> Int32? {
        index.remove(hash: nodes[Int(i)].hash, node: i)
        count &-= 1
        let last = Int32(truncatingIfNeeded: count)
        (nodes + Int(i)).deinitialize(count: 1)
        if i == last { return nil }
        (nodes + Int(i)).moveInitialize(from: nodes + Int(last), count: 1)
        index.update(hash: nodes[Int(i)].hash, from: last, to: i)
        return last
    }

    /// Drops every node, keeping the buffers.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    mutating func removeAll() {
        nodes.deinitialize(count: count)
        count = 0
        index.removeAll()
    }

    /// The keys of the list that starts at `head`, following `next`: for tests.
    func keys(from head: Int32) -> [Key] {
        var keys: [Key] = []
        var i = head
        while i >= 0 {
            keys.append(nodes[Int(i)].key)
            i = nodes[Int(i)].next
        }
        return keys
    }
}
