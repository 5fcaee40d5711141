/// Counters of an engine's caches and side structures, read together.
public struct EngineStats: Sendable {
    /// The verified-token cache (step 1).
    public var verifiedTokens: CacheStats
    /// The authorization cache (step 4).
    public var authorizations: CacheStats
    /// The upstream calls: started, coalesced, refreshed, failed, timed out, rejected.
    public var upstream: UpstreamStats
    /// The bounded negative cache of bad signatures.
    public var negative: ExpiringKeySetStats
    /// The revocation list of logged-out authentication tokens.
    public var revocations: ExpiringKeySetStats
}
