/// The engine's settings.
public struct EngineConfiguration: Sendable {
    /// Allowed clock skew for every expiry check, milliseconds.
    public var skewMillis: Int64 = 30_000
    /// Per requestor, the MVPDs (`msoID`) it trusts; `nil` trusts every issuer. A requestor missing
    /// from a non-nil map trusts none.
    public var allowedMVPDs: [String: Set<String>]? = nil
    /// Lifetime of minted media tokens, milliseconds (default 5 minutes).
    public var mediaTokenTTLMillis: Int64 = 300_000
    /// Bound on remembered bad signatures (the negative cache), separate from the positive caches.
    public var negativeCacheCapacity = 4_096
    /// How long a bad signature is remembered, milliseconds.
    public var negativeCacheTTLMillis: Int64 = 60_000
    /// Bound on revoked (logged-out) authentication GUIDs remembered until their tokens expire.
    public var revocationCapacity = 65_536
    /// A hit on an authorization older than this fraction of its lifetime starts one background
    /// refresh and is answered from the cache; `nil` turns refresh ahead off.
    public var refreshAheadFraction: Double? = 0.8
    /// At most this many upstream calls in flight; beyond, a miss completes at once with
    /// ``ResultCode/upstreamUnavailable``.
    public var maxUpstreamInFlight = 65_536
    /// How long the engine waits for one upstream call, milliseconds; then its requests complete
    /// with ``ResultCode/upstreamUnavailable``.
    public var upstreamTimeoutMillis: Int64 = 5_000
    /// How long an upstream denial (`NOT_AUTHORIZED` decided by the upstream) is cached,
    /// milliseconds; `nil` or 0 (the default) never caches one, so every request for a denied
    /// combination asks the upstream. A cached denial lives in the authorization cache (same
    /// bound), is answered inline, never past this TTL, and is refreshed ahead like a permit.
    public var denyTTLMillis: Int64? = nil
    /// Whether a timer sweeps timed-out upstream calls (every tenth of the timeout, at most every
    /// 100 ms), or the owner calls ``AuthorizationEngine/expireUpstreamCalls(now:)`` itself (tests
    /// with a manual clock).
    public var sweepsUpstreamTimeouts = true

    /// The default configuration.
    public init() {}
}
