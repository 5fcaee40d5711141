/// Generic code to run on the concrete cache a ``CacheStrategyKind`` names.
public protocol CacheStrategyVisitor {
    /// The key type of the cache to create.
    associatedtype Key: Hashable & Sendable
    /// The value type of the cache to create.
    associatedtype Value: Sendable
    /// What the visit produces.
    associatedtype Result

    /// Runs on the freshly created cache.
    func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result
    where Cache.Key == Key, Cache.Value == Value
}
