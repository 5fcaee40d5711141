/// A core with seeded structures (a sketch's row hashes, a sampling generator): `init(capacity:)`
/// draws the seed from the system generator and passes it to `init(capacity:seed:)`, which the
/// core implements.
public protocol SeededCacheCore<Key, Value>: CacheCore {}

extension SeededCacheCore {
    /// Creates an empty core of at most `capacity` entries (at least 1), seeded from the system
    /// generator.
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int) {
        var rng = SystemRandomNumberGenerator()
        self.init(capacity: capacity, seed: rng.next())
    }
}
