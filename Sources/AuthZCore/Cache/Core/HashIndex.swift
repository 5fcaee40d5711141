/// The open-addressing table from a key's hash to its node index: the one index of every
/// node-based cache core, and the one the sharded cache's lock-free readers probe.
///
/// Each bucket is one `UInt64`: the low 32 bits of the key's hash (a tag, which also gives the
/// home bucket) in the high half, node index + 1 in the low half (0 = empty). Linear probing at a
/// load factor of at most 1/2 (the bucket count is a power of two >= 2 x capacity); deletion by
/// backward shift, so there are no tombstones and probe sequences stay short under churn.
///
/// The key is hashed once per operation by the caller and the hash is kept in the node, so the
/// table never rehashes a key, and a key is compared (a possible cache miss for a heap-allocated
/// key) only when its 32-bit tag matches.
///
/// The buckets sit behind a raw pointer fixed at `init`, and the index itself is two words: a
/// reader copies it with plain loads (no reference count, no `inout` access), so many threads may
/// run ``find(hash:where:)`` at once. Every other method writes buckets and requires readers to be
/// excluded. The owner frees the buckets with ``deallocate()``.
@usableFromInline
struct HashIndex {
    @usableFromInline let buckets: UnsafeMutablePointer<UInt64>
    @usableFromInline let mask: Int

    /// Allocates an empty table for at most `capacity` entries.
    @inlinable
    init(capacity: Int) {
        let size = Int.powerOfTwo(atLeast: 2 * capacity, minimum: 8)
        buckets = .allocate(capacity: size)
        buckets.initialize(repeating: 0, count: size)
        mask = size - 1
    }

    /// Frees the buckets; the index must not be used afterwards.
    @inlinable
    func deallocate() { buckets.deallocate() }

    /// Bytes of the bucket array.
    @inlinable
    var approximateBytes: Int { (mask + 1) * MemoryLayout<UInt64>.stride }

    /// The bucket word that records `node` under `hash`.
    @inlinable @inline(__always)
    static func bucket(hash: UInt64, node: Int32) -> UInt64 {
        (hash & 0xFFFF_FFFF) << 32 | UInt64(UInt32(node) &+ 1)
    }

    /// The first node on `hash`'s probe sequence whose tag matches and for which `isKey` holds,
    /// or nil. Reads only.
    ///
    /// - Complexity: O(1) expected (the probe stops at the first empty bucket).
    @inlinable @inline(__always)
    func find(hash: UInt64, where isKey: (Int32) -> Bool) -> Int32? {
        let tag = hash & 0xFFFF_FFFF
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let bucket = buckets[i]
            if bucket == 0 { return nil }
            if bucket >> 32 == tag {
                let node = Int32(truncatingIfNeeded: bucket & 0xFFFF_FFFF) &- 1
                if isKey(node) { return node }
            }
            i = (i &+ 1) & mask
        }
    }

    /// Records that `node` holds a key with `hash` (the key must not be present).
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    func insert(hash: UInt64, node: Int32) {
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] != 0 { i = (i &+ 1) & mask }
        buckets[i] = Self.bucket(hash: hash, node: node)
    }

    /// The position of the bucket that points at `node`, whose key has `hash`.
    @inlinable
    func position(of node: Int32, hash: UInt64) -> Int {
        let target = UInt64(UInt32(node) &+ 1)
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] & 0xFFFF_FFFF != target { i = (i &+ 1) & mask }
        return i
    }

    /// Points the entry of `node` (key hash `hash`) at `newNode` instead.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    func update(hash: UInt64, from node: Int32, to newNode: Int32) {
        buckets[position(of: node, hash: hash)] = Self.bucket(hash: hash, node: newNode)
    }

    /// Removes the entry of `node` (key hash `hash`), shifting the rest of its cluster back.
    ///
    /// - Complexity: O(1) expected (the length of the cluster after the entry).
    @inlinable
    func remove(hash: UInt64, node: Int32) {
        var hole = position(of: node, hash: hash)
        var k = (hole &+ 1) & mask
        while buckets[k] != 0 {
            let home = Int(truncatingIfNeeded: buckets[k] >> 32) & mask
            // The entry at k may move back to the hole if the hole lies in [home, k) cyclically.
            if (k &- home) & mask >= (k &- hole) & mask {
                buckets[hole] = buckets[k]
                hole = k
            }
            k = (k &+ 1) & mask
        }
        buckets[hole] = 0
    }

    /// Empties the table, keeping its size.
    ///
    /// - Complexity: O(buckets).
    @inlinable
    func removeAll() {
        buckets.update(repeating: 0, count: mask + 1)
    }
}
