import AuthZCore

/// The signing material of one simulated deployment: the MVPD's authentication key, the upstream
/// backend's authorization key, the server's media-token key and its device-binding key.
///
/// Engines built from the same keys trust the same tokens; a token issued under another
/// deployment's keys fails their signature checks.
public struct DeploymentKeys: Sendable {
    /// Signs authentication tokens (the engine verifies them with the public half).
    public let authN: SigningKey
    /// Signs the backend's authorization tokens (the engine verifies them with the public half).
    public let authZ: SigningKey
    /// Signs the media tokens the engine mints (media servers verify them with the public half).
    public let media: SigningKey
    /// The server's device-binding key: fingerprints device IDs into authentication tokens.
    public let binding: DeviceBindingKey

    /// The domain written into authentication tokens unless another one is given.
    public static let authNDomain = "example.com"

    /// Signing material from given keys.
    public init(authN: SigningKey, authZ: SigningKey, media: SigningKey, binding: DeviceBindingKey) {
        self.authN = authN
        self.authZ = authZ
        self.media = media
        self.binding = binding
    }

    /// Fresh signing material: authN and authZ keys for `algorithm` (`SigningKey.generate`, so
    /// HS256 secrets are 32 random bytes), the media key `media` or else a fresh one for
    /// `algorithm`, and a binding key over `bindingSecret` or else over 32 random bytes.
    ///
    /// - Throws: `CryptoError` when libcrypto cannot generate a key.
    public init(
        generating algorithm: SignatureAlgorithm,
        media: SigningKey? = nil,
        bindingSecret: [UInt8]? = nil
    ) throws {
        let authN = try SigningKey.generate(algorithm)
        let authZ = try SigningKey.generate(algorithm)
        let media = try media ?? SigningKey.generate(algorithm)
        let secret =
            bindingSecret
            ?? {
                var random = SystemRandomNumberGenerator()
                return (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
            }()
        self.init(authN: authN, authZ: authZ, media: media, binding: try DeviceBindingKey(secret: secret))
    }

    /// A signed authentication token for `deviceID` (its fingerprint under ``binding`` in the body),
    /// and its body.
    ///
    /// - Parameters:
    ///   - deviceID: The device the token is bound to.
    ///   - requestorID: The programmer the user authenticated for.
    ///   - msoID: The MVPD that authenticated the user (the token's issuer).
    ///   - guid: The authentication's unique ID.
    ///   - expiresAt: Expiry, epoch milliseconds (the sub-second part is dropped).
    ///   - domainName: The domain written into the token.
    ///   - signer: The key that signs it: ``authN`` unless given (another key makes a forgery).
    /// - Throws: `TokenIssueError` for a field the parser would not accept; `CryptoError` when
    ///   signing fails.
    public func authNToken(
        for deviceID: DeviceID,
        requestorID: String,
        msoID: String,
        guid: String,
        expiresAt: Int64,
        domainName: String = DeploymentKeys.authNDomain,
        signer: SigningKey? = nil
    ) throws -> (bytes: [UInt8], body: TokenBody) {
        let body = TokenBody.authn(
            AuthNTokenBody(
                guid: guid,
                requestorID: requestorID,
                domainName: domainName,
                expires: TokenDate(epochMillis: expiresAt),
                msoID: msoID,
                fingerprint: binding.fingerprint(for: deviceID).hexString
            )
        )
        return (try TokenIssuer(key: signer ?? authN).issue(body), body)
    }
}
