import COpenSSL

extension SigningKey {
    /// A fresh key: P-256 for es256, RSA 2048 for rs256, Ed25519, or 32 random bytes for hs256.
    public static func generate(_ algorithm: SignatureAlgorithm) throws -> SigningKey {
        switch algorithm {
        case .hs256:
            var generator = SystemRandomNumberGenerator()
            let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            return SigningKey(hmacSecret: secret)
        case .es256, .rs256, .ed25519:
            LibCrypto.initialize()
            let typeName = algorithm == .es256 ? "EC" : algorithm == .rs256 ? "RSA" : "ED25519"
            guard let context = EVP_PKEY_CTX_new_from_name(nil, typeName, nil) else {
                throw CryptoError("EVP_PKEY_CTX_new_from_name(\(typeName)) failed")
            }
            defer { EVP_PKEY_CTX_free(context) }
            guard EVP_PKEY_keygen_init(context) == 1 else {
                throw CryptoError("EVP_PKEY_keygen_init(\(typeName)) failed")
            }
            if algorithm == .es256 {
                guard EVP_PKEY_CTX_set_group_name(context, "P-256") == 1 else {
                    throw CryptoError("EVP_PKEY_CTX_set_group_name(P-256) failed")
                }
            }
            if algorithm == .rs256 {
                guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048) == 1 else {
                    throw CryptoError("EVP_PKEY_CTX_set_rsa_keygen_bits(2048) failed")
                }
            }
            var key: OpaquePointer?
            guard EVP_PKEY_generate(context, &key) == 1, let key else {
                throw CryptoError("generating a \(algorithm.rawValue) key failed")
            }
            return try SigningKey(checking: OwnedPKey(key), algorithm: algorithm)
        }
    }
}
