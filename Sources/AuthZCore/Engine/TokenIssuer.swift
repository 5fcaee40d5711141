/// Signs token bodies into wire-format tokens: `<signatureInfo>BASE64</signatureInfo>` + body element.
///
/// The signature input is the exact serialized body element, so what is signed is exactly what a
/// verifier later slices out of the token.
public struct TokenIssuer: Sendable {
    /// The key that signs every token this issuer makes.
    public let key: SigningKey

    /// Creates an issuer signing with `key`.
    public init(key: SigningKey) {
        self.key = key
    }

    /// The signed token for `body`, as wire-format bytes.
    ///
    /// - Throws: `CryptoError` when libcrypto fails to sign.
    public func issue(_ body: TokenBody) throws -> [UInt8] {
        let bodyBytes = TokenSerializer.bodyBytes(body)
        let signature = try key.signature(for: bodyBytes)
        return TokenSerializer.token(signature: signature, bodyBytes: bodyBytes)
    }
}
