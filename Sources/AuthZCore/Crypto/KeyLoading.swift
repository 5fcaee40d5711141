import COpenSSL

/// Parsing keys with libcrypto and checking that they fit a signature algorithm.
package enum KeyLoading {
    /// A passphrase callback that refuses: encrypted keys fail instead of prompting on a terminal.
    private static let noPassphrase:
        @convention(c) (
            UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?
        ) -> Int32 = { _, _, _, _ in 0 }

    /// A key from PEM, read by libcrypto's `read` from a read-only memory BIO over the UTF-8 of `pem`.
    private static func key(
        pem: String,
        what: String,
        malformed: String,
        _ read: (_ bio: OpaquePointer) -> OpaquePointer?
    ) throws -> OwnedPKey {
        guard !pem.isEmpty else { throw CryptoError("empty \(what) PEM") }
        LibCrypto.initialize()
        var utf8 = Array(pem.utf8)
        return try utf8.withUnsafeMutableBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
                throw CryptoError("BIO_new_mem_buf failed")
            }
            defer { BIO_free(bio) }
            guard let key = read(bio) else { throw CryptoError(malformed) }
            return OwnedPKey(key)
        }
    }

    /// A key from DER, decoded by libcrypto's `d2i` function `decode` (which advances its cursor past
    /// what it read), and the count of bytes left after it.
    private static func key(
        der: [UInt8],
        what: String,
        malformed: String,
        _ decode: (_ cursor: UnsafeMutablePointer<UnsafePointer<UInt8>?>, _ length: Int) -> OpaquePointer?
    ) throws -> (key: OwnedPKey, trailingBytes: Int) {
        guard !der.isEmpty else { throw CryptoError("empty \(what) DER") }
        LibCrypto.initialize()
        return try der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let key = decode(&cursor, buffer.count) else { throw CryptoError(malformed) }
            return (OwnedPKey(key), buffer.baseAddress! + buffer.count - cursor!)
        }
    }

    /// A SubjectPublicKeyInfo from PEM (`-----BEGIN PUBLIC KEY-----`).
    package static func publicKey(pem: String) throws -> OwnedPKey {
        try key(
            pem: pem,
            what: "public key",
            malformed: "malformed public key PEM (expected -----BEGIN PUBLIC KEY-----)"
        ) {
            PEM_read_bio_PUBKEY($0, nil, noPassphrase, nil)
        }
    }

    /// A SubjectPublicKeyInfo from DER; trailing bytes are rejected.
    package static func publicKey(der: [UInt8]) throws -> OwnedPKey {
        let (key, trailingBytes) = try key(
            der: der,
            what: "public key",
            malformed: "malformed public key DER (expected a SubjectPublicKeyInfo)"
        ) {
            d2i_PUBKEY(nil, $0, $1)
        }
        guard trailingBytes == 0 else { throw CryptoError("public key DER has trailing bytes") }
        return key
    }

    /// A private key from PEM: PKCS#8, or the traditional RSA and EC forms (`openssl genrsa`,
    /// `openssl ecparam -genkey`, whose leading EC PARAMETERS block is skipped).
    package static func privateKey(pem: String) throws -> OwnedPKey {
        try key(pem: pem, what: "private key", malformed: "malformed or encrypted private key PEM") {
            PEM_read_bio_PrivateKey($0, nil, noPassphrase, nil)
        }
    }

    /// A private key from DER: PKCS#8 or a traditional RSA/EC structure.
    package static func privateKey(der: [UInt8]) throws -> OwnedPKey {
        try key(
            der: der,
            what: "private key",
            malformed: "malformed private key DER (expected PKCS#8 or a traditional RSA/EC key)"
        ) {
            d2i_AutoPrivateKey(nil, $0, $1)
        }.key
    }

    /// Throws for hs256, whose key is a shared secret and never parsed: the key types check it
    /// before parsing, so the error names that mistake rather than the key's encoding.
    static func rejectSecret(_ algorithm: SignatureAlgorithm, role: String) throws {
        if algorithm == .hs256 { throw secretKeyError(role: role) }
    }

    private static func secretKeyError(role: String) -> CryptoError {
        CryptoError("hs256 uses a shared secret, not a \(role) key; use init(hmacSecret:)")
    }

    /// Throws unless the private key's halves belong together (`EVP_PKEY_pairwise_check`).
    ///
    /// A PEM or DER private key may carry its public half as well (an EC key's public point, an RSA
    /// key's modulus and factors), and libcrypto takes it as written: a key whose public point is
    /// another key's would sign tokens that its own verifying key rejects. Checked once, when the
    /// key is loaded.
    static func checkPair(_ key: OwnedPKey) throws {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw CryptoError("EVP_PKEY_CTX_new_from_pkey failed")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_pairwise_check(context) == 1 else {
            throw CryptoError("the private key's public half does not match its private half")
        }
    }

    /// Throws unless `key` is the kind `algorithm` needs (P-256 for es256, RSA >= 2048 bits for rs256).
    static func check(_ key: OwnedPKey, for algorithm: SignatureAlgorithm, role: String) throws {
        let pkey = key.pointer
        let fits: Bool
        switch algorithm {
        case .es256: fits = EVP_PKEY_is_a(pkey, "EC") == 1 && curveName(pkey) == "prime256v1"
        case .rs256: fits = EVP_PKEY_is_a(pkey, "RSA") == 1
        case .ed25519: fits = EVP_PKEY_is_a(pkey, "ED25519") == 1
        case .hs256:
            throw secretKeyError(role: role)
        }
        guard fits else {
            throw CryptoError(
                "expected \(algorithm.expectedKeyDescription) \(role) key for \(algorithm.rawValue), got \(describe(pkey))"
            )
        }
        if algorithm == .rs256 {
            let bits = EVP_PKEY_get_bits(pkey)
            guard bits >= 2048 else {
                throw CryptoError("RSA \(role) key of \(bits) bits is too small for rs256 (minimum 2048)")
            }
        }
    }

    /// The key type as libcrypto names it, with the curve or size (e.g. "EC secp384r1", "RSA 2048-bit").
    static func describe(_ pkey: OpaquePointer) -> String {
        let name = EVP_PKEY_get0_type_name(pkey).map { String(cString: $0) } ?? "an unknown key type"
        if EVP_PKEY_is_a(pkey, "EC") == 1 { return "\(name) \(curveName(pkey) ?? "(unknown curve)")" }
        if EVP_PKEY_is_a(pkey, "RSA") == 1 { return "\(name) \(EVP_PKEY_get_bits(pkey))-bit" }
        return name
    }

    /// The EC group name (`prime256v1` for P-256), or `nil`.
    static func curveName(_ pkey: OpaquePointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 80) { buffer -> String? in
            var length = 0
            guard
                EVP_PKEY_get_utf8_string_param(
                    pkey,
                    OSSL_PKEY_PARAM_GROUP_NAME,
                    buffer.baseAddress,
                    buffer.count,
                    &length
                ) == 1
            else {
                ERR_clear_error()
                return nil
            }
            return String(cString: buffer.baseAddress!)
        }
    }
}
