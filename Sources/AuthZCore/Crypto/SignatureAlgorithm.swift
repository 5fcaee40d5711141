/// The token signature algorithms (see AuthZCore's WireFormat article).
public enum SignatureAlgorithm: String, Sendable, CaseIterable {
    /// ECDSA over P-256 with SHA-256; DER signatures (raw r||s of 64 bytes also accepted on verify).
    case es256
    /// RSASSA-PKCS1-v1_5 with SHA-256, keys of 2048 bits and up.
    case rs256
    /// PureEdDSA over Ed25519.
    case ed25519
    /// HMAC-SHA256 with a shared secret.
    case hs256

    /// The key libcrypto must hold for this algorithm, as used in error messages.
    var expectedKeyDescription: String {
        switch self {
        case .es256: return "an EC P-256"
        case .rs256: return "an RSA (2048 bits or more)"
        case .ed25519: return "an Ed25519"
        case .hs256: return "a shared-secret (HMAC)"
        }
    }
}
