import AuthZCore

/// The engine caches' figures (the result's `cache` section).
package struct CacheReport: Sendable {
    /// Strategy name.
    package var strategy: String
    /// Capacity of each cache.
    package var capacity: Int
    /// Verified-token cache counters.
    package var verifiedTokens: CacheStats
    /// Authorization cache counters.
    package var authorizations: CacheStats

    /// Creates a value from its stored properties.
    package init(strategy: String, capacity: Int, verifiedTokens: CacheStats, authorizations: CacheStats) {
        self.strategy = strategy
        self.capacity = capacity
        self.verifiedTokens = verifiedTokens
        self.authorizations = authorizations
    }
}
