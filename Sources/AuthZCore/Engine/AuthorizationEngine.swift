import Synchronization

/// The server's authorization hot path (see AuthZCore's HotPath article): verified-token cache, expiry and issuer,
/// device
/// binding, authorization cache with the upstream backend, and minting of short media tokens.
///
/// Generic over both cache strategies and the backend, so the harness can swap them without an
/// existential on the hot path. Safe to share between any number of threads.
public final class AuthorizationEngine<
    TokenCache: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
    AuthZCache: CacheStrategy<AuthorizationKey, CachedAuthorization>,
    Upstream: Backend
>: Sendable {
    /// Verifies authentication tokens (their issuer's key).
    public let authNKey: VerifyingKey
    /// Verifies the backend's authZ tokens (checks expiry, issuer, resource).
    public let authZVerifier: TokenVerifier
    /// The key of the device-binding fingerprints.
    public let bindingKey: DeviceBindingKey
    /// Signs minted media tokens.
    public let mediaIssuer: TokenIssuer
    /// Step 1: presented token bytes -> verified facts.
    public let tokenCache: TokenCache
    /// Step 4: (authN GUID, requestor, resource) -> verified authZ.
    public let authzCache: AuthZCache
    /// The upstream entitlement decision.
    public let backend: Upstream
    /// The settings.
    public let configuration: EngineConfiguration
    @usableFromInline let negativeCache: ExpiringKeySet<FullyHashedTokenKey>
    @usableFromInline let revoked: ExpiringKeySet<AuthNGUID>
    @usableFromInline let validity: ValidityPolicy
    /// `configuration.allowedMVPDs`, resolved to small integers once.
    @usableFromInline let trust: IssuerTrust
    /// Upstream calls in flight (single flight, bound, timeouts) and their counters.
    let upstream: UpstreamCallTable
    /// Requests answered from a cached upstream denial.
    let negativeHits = NegativeHitCounter()
    private let sessionPrefix: UInt64
    private let sessionCounter = Atomic<UInt64>(0)

    /// Creates an engine.
    public init(
        authNKey: VerifyingKey,
        authZKey: VerifyingKey,
        bindingKey: DeviceBindingKey,
        mediaSigningKey: SigningKey,
        tokenCache: TokenCache,
        authzCache: AuthZCache,
        backend: Upstream,
        configuration: EngineConfiguration = EngineConfiguration()
    ) {
        self.authNKey = authNKey
        self.validity = ValidityPolicy(skewMillis: configuration.skewMillis)
        self.trust = IssuerTrust(configuration.allowedMVPDs)
        self.authZVerifier = TokenVerifier(key: authZKey, validity: validity)
        self.bindingKey = bindingKey
        var random = SystemRandomNumberGenerator()
        let sessionPrefix: UInt64 = random.next()
        self.sessionPrefix = sessionPrefix
        // Every media body this engine mints begins with the same 64 bytes (its first 2^40 tokens).
        self.mediaIssuer = TokenSerializer.mediaBodyCommonPrefix(sessionPrefix: sessionPrefix).withUnsafeBytes {
            TokenIssuer(key: mediaSigningKey, commonBodyPrefix: $0)
        }
        self.tokenCache = tokenCache
        self.authzCache = authzCache
        self.backend = backend
        self.configuration = configuration
        self.negativeCache = ExpiringKeySet(
            capacity: configuration.negativeCacheCapacity,
            policy: .dropOldestGeneration
        )
        self.revoked = ExpiringKeySet(capacity: configuration.revocationCapacity, policy: .dropOldestGeneration)
        self.upstream = UpstreamCallTable(
            limit: configuration.maxUpstreamInFlight,
            sweepEveryMillis: configuration.sweepsUpstreamTimeouts
                ? max(1, min(100, configuration.upstreamTimeoutMillis / 10)) : nil
        )
        upstream.startSweeping { [weak self] in
            guard let self else { return }
            self.expireUpstreamCalls(now: SystemClock().nowMillis())
        }
    }

    /// The counters of every cache and side structure.
    public var stats: EngineStats {
        var authorizations = authzCache.stats
        authorizations.negativeHits = negativeHits.count.load(ordering: .relaxed)
        return EngineStats(
            verifiedTokens: tokenCache.stats,
            authorizations: authorizations,
            upstream: upstream.stats,
            negative: negativeCache.stats,
            revocations: revoked.stats
        )
    }

    /// Whether `requestorID` trusts `msoID` under the configured allowed lists.
    @usableFromInline
    func trusts(requestorID: String, msoID: String) -> Bool {
        trust.allows(requestorID: requestorID, msoID: msoID)
    }

    /// Whether `authN`'s requestor trusts `msoID`, in a request whose step 2 has just found that
    /// requestor trusting `authN`'s own issuer: `true` at once when `msoID` is that issuer (the
    /// allowed lists never change, so the answer is the one step 2 got), else a lookup by name.
    @inlinable
    func trustsAfterClaims(_ authN: borrowing VerifiedAuthN, msoID: borrowing String) -> Bool {
        msoID == authN.msoID || trust.allows(requestorID: authN.requestorID, msoID: msoID)
    }

    /// A fresh media-token session ID: a random per-engine prefix and a counter, 128 bits written as
    /// a UUID (unique within the engine's life; unpredictability is not needed, the token is signed).
    func nextSession() -> (high: UInt64, low: UInt64) {
        (sessionPrefix, sessionCounter.add(1, ordering: .relaxed).newValue)
    }
}
