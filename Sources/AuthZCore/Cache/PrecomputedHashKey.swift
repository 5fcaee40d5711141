/// A cache key that computed its seeded hash once, when it was made.
///
/// The hash must be SipHash-1-3 under the process's random key (`KeyHasher`) over the key's
/// identity: every byte that takes part in `==`, or a digest of them. Caches read
/// `precomputedHash` directly (`cacheHash(_:)`) instead of running `Hasher` over it again
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
