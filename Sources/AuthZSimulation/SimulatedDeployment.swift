import AuthZCore

/// A simulated deployment of the authorization service: its signing material, its upstream
/// backend's settings and its engine configuration. The one place engines, backends and media
/// verifiers are built from, for the harness, the micro-benchmarks and the tests.
///
/// Building happens once, at set-up: ``makeEngine(tokenCache:authzCache:)`` is generic over both
/// cache strategies, so the engine it returns is the same concrete, specialisable type a caller
/// would have built itself (no existential on the request path).
public struct SimulatedDeployment: Sendable {
    /// The signing material (also issues authentication tokens:
    /// ``DeploymentKeys/authNToken(for:requestorID:msoID:guid:expiresAt:domainName:signer:)``).
    public let keys: DeploymentKeys
    /// The settings of every backend ``makeBackend()`` builds.
    public var backend: SimulatedBackend.Settings
    /// The settings of every engine, and the skew of every media verifier.
    public var configuration: EngineConfiguration

    /// A deployment over `keys`.
    public init(
        keys: DeploymentKeys,
        backend: SimulatedBackend.Settings = SimulatedBackend.Settings(),
        configuration: EngineConfiguration = EngineConfiguration()
    ) {
        self.keys = keys
        self.backend = backend
        self.configuration = configuration
    }

    /// A fresh simulated backend signing authZ tokens with ``DeploymentKeys/authZ``.
    public func makeBackend() -> SimulatedBackend {
        SimulatedBackend(issuer: TokenIssuer(key: keys.authZ), settings: backend)
    }

    /// An engine over the given caches and a fresh backend (``makeBackend()``): it verifies authN
    /// and authZ tokens with the deployment's keys, binds devices with its binding key and mints
    /// media tokens with its media key.
    public func makeEngine<
        TokenCache: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
        AuthZCache: CacheStrategy<AuthorizationKey, CachedAuthorization>
    >(tokenCache: TokenCache, authzCache: AuthZCache) -> AuthorizationEngine<TokenCache, AuthZCache, SimulatedBackend> {
        makeEngine(tokenCache: tokenCache, authzCache: authzCache, backend: makeBackend())
    }

    /// An engine over the given caches and `backend` (a scripted one, in tests and
    /// micro-benchmarks of the miss path), built from the deployment's keys and configuration.
    public func makeEngine<
        TokenCache: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
        AuthZCache: CacheStrategy<AuthorizationKey, CachedAuthorization>,
        Upstream: Backend
    >(
        tokenCache: TokenCache,
        authzCache: AuthZCache,
        backend: Upstream
    ) -> AuthorizationEngine<TokenCache, AuthZCache, Upstream> {
        AuthorizationEngine(
            authNKey: keys.authN.verifyingKey,
            authZKey: keys.authZ.verifyingKey,
            bindingKey: keys.binding,
            mediaSigningKey: keys.media,
            tokenCache: tokenCache,
            authzCache: authzCache,
            backend: backend,
            configuration: configuration
        )
    }

    /// A media server's verifier of the media tokens this deployment's engines mint: their key, the
    /// configuration's skew, and a replay guard of `replayCapacity` tokens full under `policy`.
    public func makeMediaVerifier(replayCapacity: Int, policy: OverflowPolicy = .rejectNew) -> MediaTokenVerifier {
        MediaTokenVerifier(
            key: keys.media.verifyingKey,
            skewMillis: configuration.skewMillis,
            replayGuard: ReplayGuard(capacity: replayCapacity, policy: policy)
        )
    }
}
