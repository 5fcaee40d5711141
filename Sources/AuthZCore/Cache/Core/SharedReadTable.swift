import Synchronization

/// The fixed buffers of one ``ConcurrentSieveCore``: a hash index, a dense node array and one
/// atomic visited bit per node, behind raw pointers that never change after `init`.
///
/// Trivially copyable (pointers and a mask), so a reader copies it with plain loads: no
/// retain/release (which would write the reference count, a shared line) and no `inout` access
/// (which concurrent readers may not make). The memory it points to is written only by a writer
/// that excludes readers, except the visited bits, which are atomics.
///
/// The index is the same scheme as ``HashIndex`` (one `UInt64` per bucket: hash tag in the high
/// half, node index + 1 in the low half, linear probing at load factor <= 1/2, backward-shift
/// deletion), over a raw buffer.
@usableFromInline
struct SharedReadTable<Key: Hashable & Sendable, Value: Sendable> {
    @usableFromInline let buckets: UnsafeMutablePointer<UInt64>
    @usableFromInline let mask: Int
    @usableFromInline let nodes: UnsafeMutablePointer<CacheNode<Key, Value>>
    @usableFromInline let visited: UnsafeMutablePointer<Atomic<UInt8>>
    @usableFromInline let capacity: Int

    /// Allocates the buffers for `capacity` nodes (no node initialised).
    @inlinable
    init(capacity: Int) {
        var size = 8
        while size < 2 * capacity { size <<= 1 }
        self.capacity = capacity
        self.mask = size - 1
        self.buckets = .allocate(capacity: size)
        buckets.initialize(repeating: 0, count: size)
        self.nodes = .allocate(capacity: capacity)
        self.visited = .allocate(capacity: capacity)
        for i in 0..<capacity { (visited + i).initialize(to: Atomic(0)) }
    }

    /// Frees the buffers, deinitialising the first `count` nodes.
    @inlinable
    func deallocate(count: Int) {
        nodes.deinitialize(count: count)
        nodes.deallocate()
        visited.deinitialize(count: capacity)
        visited.deallocate()
        buckets.deallocate()
    }

    /// Estimated bytes: buckets, nodes and visited bits.
    @inlinable
    var approximateBytes: Int {
        (mask + 1) * MemoryLayout<UInt64>.stride + capacity * MemoryLayout<CacheNode<Key, Value>>.stride
            + capacity * MemoryLayout<Atomic<UInt8>>.stride
    }

    /// The index of the node holding `key`, or -1. Reads only.
    @inlinable @inline(__always)
    func find(_ key: Key, hash: UInt64) -> Int32 {
        let tag = HashIndex.tag(hash)
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let bucket = buckets[i]
            if bucket == 0 { return -1 }
            if bucket >> 32 == tag {
                let node = Int32(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                if nodes[Int(node)].key == key { return node }
            }
            i = (i + 1) & mask
        }
    }

    /// Sets node `i`'s visited bit unless it is set already (a hot entry costs no write).
    @inlinable @inline(__always)
    func markVisited(_ i: Int32) {
        let bit = visited + Int(i)
        if bit.pointee.load(ordering: .relaxed) == 0 { bit.pointee.store(1, ordering: .relaxed) }
    }

    /// Whether node `i` is marked visited.
    @inlinable
    func isVisited(_ i: Int32) -> Bool { visited[Int(i)].load(ordering: .relaxed) != 0 }

    /// Sets node `i`'s visited bit to `value`.
    @inlinable
    func setVisited(_ i: Int32, _ value: Bool) { visited[Int(i)].store(value ? 1 : 0, ordering: .relaxed) }

    // MARK: Index updates (readers excluded)

    /// Records that `node` holds a key with `hash` (the key must not be present).
    @inlinable
    func indexInsert(hash: UInt64, node: Int32) {
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] != 0 { i = (i + 1) & mask }
        buckets[i] = HashIndex.tag(hash) << 32 | UInt64(UInt32(node) + 1)
    }

    /// The bucket that points at `node`, whose key has `hash`.
    @inlinable
    func bucket(of node: Int32, hash: UInt64) -> Int {
        let target = UInt64(UInt32(node) + 1)
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] & 0xFFFF_FFFF != target { i = (i + 1) & mask }
        return i
    }

    /// Points the entry of `node` (key hash `hash`) at `newNode` instead.
    @inlinable
    func indexUpdate(hash: UInt64, from node: Int32, to newNode: Int32) {
        buckets[bucket(of: node, hash: hash)] = HashIndex.tag(hash) << 32 | UInt64(UInt32(newNode) + 1)
    }

    /// Removes the entry of `node` (key hash `hash`), shifting the rest of its cluster back.
    @inlinable
    func indexRemove(hash: UInt64, node: Int32) {
        var hole = bucket(of: node, hash: hash)
        var k = (hole + 1) & mask
        while buckets[k] != 0 {
            let home = Int(truncatingIfNeeded: buckets[k] >> 32) & mask
            if (k - home) & mask >= (k - hole) & mask {
                buckets[hole] = buckets[k]
                hole = k
            }
            k = (k + 1) & mask
        }
        buckets[hole] = 0
    }

    /// Empties the index.
    @inlinable
    func indexRemoveAll() {
        buckets.update(repeating: 0, count: mask + 1)
    }
}
