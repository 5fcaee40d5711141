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

    /// The hash every strategy uses for `key`: Swift's `Hasher`, seeded per process (over the
    /// key's precomputed hash, for a ``PrecomputedHashKey``).
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
