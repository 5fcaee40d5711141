/// A bounded FIFO of the hashes of recently evicted keys (S3-FIFO's ghost queue, LIRS's order of
/// non-resident keys): it remembers which keys left recently, never their values.
///
/// A ``NodeStore`` keyed by the hash itself, with one list: `add` puts a hash at the head (no
/// change if present) and drops the oldest beyond `capacity`; `remove` takes one out wherever it
/// is. The 64-bit hash is the key's seeded `cacheHash(_:)`, so two keys share an entry only by a
/// collision of that hash, and the only effect of one is a key entering main instead of the small
/// queue. A capacity of 0 remembers nothing.
@usableFromInline
struct GhostQueue {
    @usableFromInline var store: NodeStore<UInt64, Void>
    @usableFromInline var list = NodeList()

    /// An empty ghost of at most `capacity` hashes.
    @inlinable
    init(capacity: Int) {
        store = NodeStore(capacity: max(0, capacity))
    }

    /// Bytes of the index and the nodes.
    @inlinable
    var approximateBytes: Int { store.approximateBytes }

    /// Remembers `hash` as the newest entry, dropping the oldest when full; no change if present.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    mutating func add(_ hash: UInt64) {
        guard store.capacity > 0, store.find(hash, hash: hash) == nil else { return }
        let node = CacheNode(key: hash, hash: hash, value: (), expiresAt: .max)
        let i: Int32
        if store.isFull {
            i = list.tail
            list.unlink(i, store.nodes)
            store.reuse(i, for: node)
        } else {
            i = store.append(node)
        }
        list.pushHead(i, store.nodes)
    }

    /// Forgets `hash`; returns whether it was remembered.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    mutating func remove(_ hash: UInt64) -> Bool {
        guard let i = store.find(hash, hash: hash) else { return false }
        drop(i)
        return true
    }

    /// Forgets the oldest hash and returns it; nil when empty.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    mutating func popOldest() -> UInt64? {
        let i = list.tail
        guard i >= 0 else { return nil }
        let hash = store.nodes[Int(i)].key
        drop(i)
        return hash
    }

    /// Unlinks node `i` and frees it.
    @inlinable
    mutating func drop(_ i: Int32) {
        list.unlink(i, store.nodes)
        if let moved = store.removeUnlinked(i) { list.relocate(from: moved, to: i, store.nodes) }
    }

    /// Forgets every hash, keeping the buffers.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    mutating func removeAll() {
        store.removeAll()
        list = NodeList()
    }

    /// Frees the buffers.
    @inlinable
    func deallocate() { store.deallocate() }
}
