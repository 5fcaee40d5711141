import AuthZCore
import AuthZSimulation

/// A deployment (Ed25519 keys), devices and an engine for engine tests, over any cache strategy.
struct EngineFixture<
    TokenCache: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
    AuthZCache: CacheStrategy<AuthorizationKey, CachedAuthorization>
>: Sendable {
    static var start: Int64 { 1_800_000_000_000 }

    let deployment: SimulatedDeployment
    let engine: AuthorizationEngine<TokenCache, AuthZCache, SimulatedBackend>

    /// The engine's backend (its decisions are counted).
    var backend: SimulatedBackend { engine.backend }
    /// The key that signs the engine's media tokens.
    var mediaKey: SigningKey { deployment.keys.media }

    init(
        tokenCache: TokenCache,
        authzCache: AuthZCache,
        configuration: EngineConfiguration = EngineConfiguration(),
        authZTTLMillis: Int64 = 3_600_000,
        denyRatio: Double = 0,
        keys: DeploymentKeys? = nil
    ) throws {
        deployment = SimulatedDeployment(
            keys: try keys ?? Self.keys(),
            backend: SimulatedBackend.Settings(authZTTLMillis: authZTTLMillis, denyRatio: denyRatio),
            configuration: configuration
        )
        engine = deployment.makeEngine(tokenCache: tokenCache, authzCache: authzCache)
    }

    /// Fresh signing material, shareable between fixtures (engines that must trust the same tokens).
    static func keys() throws -> DeploymentKeys {
        try DeploymentKeys(generating: .ed25519, bindingSecret: Array("device-binding-secret".utf8))
    }

    static func device(_ n: Int) -> DeviceID {
        DeviceInfo(advertisingID: "ad-\(n)", vendorID: "vendor-\(n)", model: "TV", teamID: "team").deviceID
    }

    /// A signed authN token bound to `device` (signed by `signer` instead of the authN key: a forgery).
    func authNToken(
        device: DeviceID,
        requestor: String = "NBC",
        mvpd: String = "Comcast",
        guid: String = "guid-1",
        expiresAt: Int64 = EngineFixture.start + 86_400_000,
        signer: SigningKey? = nil
    ) throws -> [UInt8] {
        try deployment.keys.authNToken(
            for: device,
            requestorID: requestor,
            msoID: mvpd,
            guid: guid,
            expiresAt: expiresAt,
            signer: signer
        ).bytes
    }

    func request(
        _ token: [UInt8],
        device: DeviceID,
        requestor: String = "NBC",
        resource: String = "news"
    )
        -> AuthorizationRequest
    {
        AuthorizationRequest(deviceID: device, authNToken: token, requestorID: requestor, resourceID: resource)
    }
}

typealias ShardedFixture = EngineFixture<
    ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>
>

extension EngineFixture
where
    TokenCache == ShardedCache<TokenBytesKey, VerifiedAuthN>,
    AuthZCache == ShardedCache<AuthorizationKey, CachedAuthorization>
{
    init(
        configuration: EngineConfiguration = EngineConfiguration(),
        authZTTLMillis: Int64 = 3_600_000,
        denyRatio: Double = 0,
        keys: DeploymentKeys? = nil
    ) throws {
        try self.init(
            tokenCache: ShardedCache(capacity: 1_024),
            authzCache: ShardedCache(capacity: 1_024),
            configuration: configuration,
            authZTTLMillis: authZTTLMillis,
            denyRatio: denyRatio,
            keys: keys
        )
    }
}
