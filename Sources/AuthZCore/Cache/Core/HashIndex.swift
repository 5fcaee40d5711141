/// An open-addressing table from a key's hash to its node index, for the list-based strategies.
///
/// Each bucket is one `UInt64`: the low 32 bits of the key's hash (a tag, which also gives the
/// home bucket) in the high half, node index + 1 in the low half (0 = empty). Linear probing at a
/// load factor of at most 1/2 (the bucket count is a power of two >= 2 x capacity); deletion by
/// backward shift, so there are no tombstones and probe sequences stay short under churn.
///
/// The key is hashed once per operation by the caller (keyed per process) and the
/// hash is kept in the node, so the table never rehashes a key, and a key is compared (a possible
/// cache miss for a heap-allocated key) only when its 32-bit tag matches.
@usableFromInline
struct HashIndex: Sendable {
    @usableFromInline var buckets: [UInt64]
    @usableFromInline let mask: Int

    /// Creates an empty table for at most `capacity` entries.
    @inlinable
    init(capacity: Int) {
        var size = 8
        while size < 2 * capacity { size <<= 1 }
        buckets = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Estimated bytes of the bucket array.
    @inlinable var approximateBytes: Int { MemoryEstimate.array(capacity: buckets.count, UInt64.self) }

    /// The tag stored for `hash`.
    @inlinable
    static func tag(_ hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF }

    /// The index of the node holding `key`, if any.
    @inlinable
    func find<K, V>(_ key: K, hash: UInt64, in nodes: [CacheNode<K, V>]) -> Int32? {
        let tag = Self.tag(hash)
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let bucket = buckets[i]
            if bucket == 0 { return nil }
            if bucket >> 32 == tag {
                let node = Int32(truncatingIfNeeded: bucket & 0xFFFF_FFFF) - 1
                if nodes[Int(node)].key == key { return node }
            }
            i = (i + 1) & mask
        }
    }

    /// Records that `node` holds a key with `hash` (the key must not be present).
    @inlinable
    mutating func insert(hash: UInt64, node: Int32) {
        var i = Int(truncatingIfNeeded: hash) & mask
        while buckets[i] != 0 { i = (i + 1) & mask }
        buckets[i] = Self.tag(hash) << 32 | UInt64(UInt32(node) + 1)
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
    mutating func update(hash: UInt64, from node: Int32, to newNode: Int32) {
        let i = bucket(of: node, hash: hash)
        buckets[i] = Self.tag(hash) << 32 | UInt64(UInt32(newNode) + 1)
    }

    /// Removes the entry of `node` (key hash `hash`), shifting the rest of its cluster back.
    @inlinable
    mutating func remove(hash: UInt64, node: Int32) {
        var hole = bucket(of: node, hash: hash)
        var k = (hole + 1) & mask
        while buckets[k] != 0 {
            let home = Int(truncatingIfNeeded: buckets[k] >> 32) & mask
            // The entry at k may move back to the hole if the hole lies in [home, k) cyclically.
            if (k - home) & mask >= (k - hole) & mask {
                buckets[hole] = buckets[k]
                hole = k
            }
            k = (k + 1) & mask
        }
        buckets[hole] = 0
    }

    /// Empties the table, keeping its size.
    @inlinable
    mutating func removeAll() {
        for i in buckets.indices { buckets[i] = 0 }
    }
}
