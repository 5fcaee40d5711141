/// The hash every cache strategy uses for `key`, computed once per operation outside any lock:
/// the key's ``PrecomputedHashKey/precomputedHash`` (SipHash-1-3 under the process's random key,
/// made with the key) when `Key` has one, else `hashValue` (Swift's `Hasher`, seeded per process).
/// Either way the hash is keyed, so a client cannot precompute colliding keys; and a precomputed
/// hash is never run through `Hasher` a second time.
///
/// The type test is on the metatype (no boxing of the key) and folds away when the caller is
/// specialised for a concrete key type.
///
/// - Complexity: O(1) for a ``PrecomputedHashKey``; else the cost of `hash(into:)`.
@inlinable @inline(__always)
package func cacheHash<Key: Hashable>(_ key: Key) -> UInt64 {
    if let keyType = Key.self as? any PrecomputedHashKey.Type {
        return UInt64(UInt(bitPattern: precomputedHash(of: key, as: keyType)))
    }
    return UInt64(UInt(bitPattern: key.hashValue))
}

/// `key`'s precomputed hash, `Key` being `Known` (checked by the caller's metatype cast).
@inlinable @inline(__always)
func precomputedHash<Key, Known: PrecomputedHashKey>(of key: Key, as _: Known.Type) -> Int {
    // Reinterpret in place: no copy of the key.
    withUnsafePointer(to: key) { $0.withMemoryRebound(to: Known.self, capacity: 1) { $0.pointee.precomputedHash } }
}
