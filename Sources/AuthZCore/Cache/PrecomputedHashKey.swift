/// A cache key that computed its seeded hash once, when it was made.
///
/// The hash must be SipHash-1-3 under the process's random key (``KeyHasher``) over the key's
/// identity: every byte that takes part in `==`, or a digest of them. Caches read
/// `precomputedHash` directly (``cacheHash(_:)``) instead of running `Hasher` over it again
/// through `hashValue`; `Set` and `Dictionary` get it through the default ``hash(into:)``.
public protocol PrecomputedHashKey: Hashable, Sendable {
    /// The seeded hash computed when the key was made.
    var precomputedHash: Int { get }
}

extension PrecomputedHashKey {
    /// Feeds the precomputed hash, the one hash of the key: equal keys have equal precomputed
    /// hashes, so this agrees with `==`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }
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
