/// A cache key that computed its seeded hash once, when it was made.
///
/// The hash must be a keyed hash under a per-process random key over the key's identity (Swift's
/// `Hasher`, or ``KeyHasher``: the same SipHash-1-3, computed inline), and `hash(into:)` must
/// feed exactly that value. Caches read `precomputedHash` directly instead of running `Hasher`
/// again through `hashValue` (about 10 ns per lookup, measured on the sharded cache's hit path).
public protocol PrecomputedHashKey: Hashable, Sendable {
    /// The seeded hash computed when the key was made.
    var precomputedHash: Int { get }
}

/// The hash caches use for `key`: its precomputed hash when `Key` is a `PrecomputedHashKey`, else
/// `hashValue`. The type test is on the metatype (no boxing of the key) and folds away when the
/// caller is specialised for a concrete key type.
@inlinable @inline(__always)
func cacheHash<Key: Hashable>(_ key: Key) -> Int {
    if let keyType = Key.self as? any PrecomputedHashKey.Type {
        return precomputedHash(of: key, as: keyType)
    }
    return key.hashValue
}

@inlinable @inline(__always)
func precomputedHash<Key, Known: PrecomputedHashKey>(of key: Key, as _: Known.Type) -> Int {
    // `Key` is `Known` (checked by the caller's metatype cast): reinterpret, no copy.
    withUnsafePointer(to: key) { $0.withMemoryRebound(to: Known.self, capacity: 1) { $0.pointee.precomputedHash } }
}
