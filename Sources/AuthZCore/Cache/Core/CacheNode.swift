/// One entry of the list-based strategies, stored in a contiguous array and linked by indices.
///
/// `prev` points toward the list's head (newer), `next` toward its tail (older); -1 is "none".
/// `mark` is the strategy's per-entry bit or tag: SIEVE's visited bit, W-TinyLFU's segment.
@usableFromInline
struct CacheNode<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline var key: Key
    /// The key's hash (keyed per process), computed once per operation.
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
