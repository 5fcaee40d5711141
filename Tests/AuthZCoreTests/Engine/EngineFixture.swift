import AuthZCore
import AuthZSimulation

/// Keys, devices and an engine for engine tests, over any cache strategy.
struct EngineFixture<TokenCache: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
    AuthZCache: CacheStrategy<AuthorizationKey, CachedAuthorization>>: Sendable
{
    static var start: Int64 { 1_800_000_000_000 }

    let authNKey: SigningKey
    let authZKey: SigningKey
    let mediaKey: SigningKey
    let bindingKey: DeviceBindingKey
    let backend: SimulatedBackend
    let engine: AuthorizationEngine<TokenCache, AuthZCache, SimulatedBackend>

    init(tokenCache: TokenCache, authzCache: AuthZCache, configuration: EngineConfiguration = EngineConfiguration(),
        authZTTLMillis: Int64 = 3_600_000, denyRatio: Double = 0, keys: Keys? = nil) throws
    {
        let keys = try keys ?? Keys()
        authNKey = keys.authN
        authZKey = keys.authZ
        mediaKey = keys.media
        bindingKey = keys.binding
        backend = SimulatedBackend(issuer: TokenIssuer(key: authZKey), authZTTLMillis: authZTTLMillis, denyRatio: denyRatio)
        engine = AuthorizationEngine(
            authNKey: authNKey.verifyingKey, authZKey: authZKey.verifyingKey, bindingKey: bindingKey,
            mediaSigningKey: mediaKey, tokenCache: tokenCache, authzCache: authzCache, backend: backend,
            configuration: configuration)
    }

    /// The signing material, shareable between fixtures (engines that must trust the same tokens).
    struct Keys: Sendable {
        let authN: SigningKey
        let authZ: SigningKey
        let media: SigningKey
        let binding: DeviceBindingKey

        init() throws {
            authN = try SigningKey.generate(.ed25519)
            authZ = try SigningKey.generate(.ed25519)
            media = try SigningKey.generate(.ed25519)
            binding = try DeviceBindingKey(secret: Array("device-binding-secret".utf8))
        }
    }

    static func device(_ n: Int) -> DeviceID {
        DeviceInfo(advertisingID: "ad-\(n)", vendorID: "vendor-\(n)", model: "TV", teamID: "team").deviceID
    }

    /// A signed authN token bound to `device`.
    func authNToken(device: DeviceID, requestor: String = "NBC", mvpd: String = "Comcast", guid: String = "guid-1",
        expiresAt: Int64 = EngineFixture.start + 86_400_000, signer: SigningKey? = nil) throws -> [UInt8]
    {
        let body = TokenBody.authn(AuthNTokenBody(
            guid: guid, requestorID: requestor, domainName: "example.com",
            expires: TokenDate(epochMillis: expiresAt / 1000 * 1000), msoID: mvpd,
            fingerprint: bindingKey.fingerprint(for: device).hexString))
        return try TokenIssuer(key: signer ?? authNKey).issue(body)
    }

    func request(_ token: [UInt8], device: DeviceID, requestor: String = "NBC", resource: String = "news")
        -> AuthorizationRequest
    {
        AuthorizationRequest(deviceID: device, authNToken: token, requestorID: requestor, resourceID: resource)
    }
}

typealias ShardedFixture = EngineFixture<
    ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>>

extension EngineFixture
where TokenCache == ShardedCache<TokenBytesKey, VerifiedAuthN>,
    AuthZCache == ShardedCache<AuthorizationKey, CachedAuthorization>
{
    init(configuration: EngineConfiguration = EngineConfiguration(), authZTTLMillis: Int64 = 3_600_000,
        denyRatio: Double = 0, keys: Keys? = nil) throws
    {
        try self.init(tokenCache: ShardedCache(capacity: 1_024), authzCache: ShardedCache(capacity: 1_024),
            configuration: configuration, authZTTLMillis: authZTTLMillis, denyRatio: denyRatio, keys: keys)
    }
}
