import AuthZCore
import COpenSSL

/// The floor for the crypto micro benchmarks: direct libcrypto loops doing exactly what the AuthZCore
/// wrappers do per call (same fetched algorithms, same reused contexts, same calls), with no Swift
/// wrapper, no per-thread lookup and no Swift allocation. Self-contained on purpose, but for the hex
/// of the device rows' floors, which is AuthZCore's own encoder so that both sides write the same
/// 64 digits the same way and the ratio measures the wrapper around libcrypto.
package enum CryptoReference {
    /// A failure while preparing a reference loop.
    package struct SetupError: Error, CustomStringConvertible {
        /// What failed, with OpenSSL's first queued error.
        package let description: String

        package init(_ what: String) {
            let code = ERR_get_error()
            var text = [CChar](repeating: 0, count: 256)
            if code != 0 { ERR_error_string_n(code, &text, text.count) }
            ERR_clear_error()
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            description = code == 0 ? what : "\(what): \(message)"
        }
    }

    /// Verifies `signature` over `message` per iteration (hs256: `hmacSecret` instead of a PEM).
    package static func makeVerifyLoop(
        algorithm: SignatureAlgorithm,
        publicKeyPEM: String,
        hmacSecret: [UInt8] = [],
        message: [UInt8],
        signature: [UInt8]
    ) throws -> ReferenceLoop {
        let loop = try ReferenceLoop(algorithm: algorithm, message: message, signature: signature)
        try loop.prepareKey(pem: publicKeyPEM, hmacSecret: hmacSecret, signing: false)
        loop.operation = .verify
        return loop
    }

    /// Signs `message` per iteration into a reused buffer (hs256: `hmacSecret` instead of a PEM).
    package static func makeSignLoop(
        algorithm: SignatureAlgorithm,
        privateKeyPEM: String,
        hmacSecret: [UInt8] = [],
        message: [UInt8]
    ) throws -> ReferenceLoop {
        let loop = try ReferenceLoop(
            algorithm: algorithm,
            message: message,
            signature: [UInt8](repeating: 0, count: 512)
        )
        try loop.prepareKey(pem: privateKeyPEM, hmacSecret: hmacSecret, signing: true)
        loop.operation = .sign
        return loop
    }

    /// SHA-256 of `message` per iteration on a reused `EVP_MD_CTX`.
    package static func makeSHA256Loop(message: [UInt8]) throws -> ReferenceLoop {
        let loop = try ReferenceLoop(algorithm: .hs256, message: message, signature: [])
        loop.operation = .sha256
        return loop
    }

    /// SHA-256 of `message` per iteration through libcrypto's cheapest entry point: `SHA256_Init`,
    /// one `SHA256_Update` and `SHA256_Final` on a context on the stack (no provider dispatch), then
    /// the digest's 64 lowercase hex digits: the floor of a device ID, which is that hex. In
    /// OpenSSL 3 the one-shot `SHA256()` goes through `EVP_Q_digest`, which fetches the digest on
    /// every call: 7,836 instructions for 90 bytes against 4,357 for these three calls (callgrind).
    package static func makeDirectSHA256HexLoop(message: [UInt8]) throws -> ReferenceLoop {
        let loop = try ReferenceLoop(algorithm: .hs256, message: message, signature: [])
        loop.operation = .sha256DirectHex
        return loop
    }

    /// HMAC-SHA256 of `message` per iteration from the key's precomputed inner and outer SHA-256
    /// states (RFC 2104), each copied per call: the floor of an HMAC. With `expected`, each MAC is
    /// also compared with it (`CRYPTO_memcmp`), as a verification.
    package static func makePrecomputedHMACLoop(
        key: [UInt8],
        message: [UInt8],
        expected: [UInt8]? = nil
    ) throws
        -> ReferenceLoop
    {
        let loop = try ReferenceLoop(algorithm: .hs256, message: message, signature: expected ?? [])
        try loop.prepareStates(secret: key)
        loop.operation = expected == nil ? .hmacStates : .verifyStates
        return loop
    }

    /// The HMAC of `makePrecomputedHMACLoop`, then its 64 lowercase hex digits: the floor of a
    /// device fingerprint, which is that hex.
    package static func makePrecomputedHMACHexLoop(key: [UInt8], message: [UInt8]) throws -> ReferenceLoop {
        let loop = try makePrecomputedHMACLoop(key: key, message: message)
        loop.operation = .hmacStatesHex
        return loop
    }

    /// HMAC-SHA256 of `message` per iteration: `EVP_MAC_init` reusing the key, update, final.
    package static func makeHMACLoop(key: [UInt8], message: [UInt8]) throws -> ReferenceLoop {
        let loop = try ReferenceLoop(algorithm: .hs256, message: message, signature: [])
        try loop.prepareMAC(secret: key)
        loop.operation = .hmac
        return loop
    }
}

/// One thread's libcrypto contexts and inputs for a reference loop (use from one thread at a time).
package final class ReferenceLoop: @unchecked Sendable {
    package enum Operation { case verify, sign, sha256, hmac, sha256DirectHex, hmacStates, hmacStatesHex, verifyStates }

    package let algorithm: SignatureAlgorithm
    package var operation = Operation.sha256
    /// Successful operations so far (keeps the work observable).
    package private(set) var successes = 0
    private let md: OpaquePointer
    private let digestContext: OpaquePointer
    private var key: OpaquePointer?
    private var keyContext: OpaquePointer?
    private var macContext: OpaquePointer?
    /// The HMAC key's inner and outer states (`hmacStates`, `verifyStates`).
    private var states = (SHA256_CTX(), SHA256_CTX())
    private let message: UnsafeMutableRawBufferPointer
    private let signature: UnsafeMutableRawBufferPointer
    private let digest = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
    /// The hex of `digest` (`sha256DirectHex`, `hmacStatesHex`).
    private let hex = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)

    fileprivate init(algorithm: SignatureAlgorithm, message: [UInt8], signature: [UInt8]) throws {
        self.algorithm = algorithm
        self.message = .allocate(byteCount: max(message.count, 1), alignment: 8)
        self.message.copyBytes(from: message)
        self.messageCount = message.count
        self.signature = .allocate(byteCount: max(signature.count, 1), alignment: 8)
        self.signature.copyBytes(from: signature)
        self.signatureCount = signature.count
        guard let md = EVP_MD_fetch(nil, "SHA256", nil) else { throw CryptoReference.SetupError("EVP_MD_fetch") }
        self.md = md
        guard let context = EVP_MD_CTX_new() else { throw CryptoReference.SetupError("EVP_MD_CTX_new") }
        digestContext = context
    }

    private let messageCount: Int
    private let signatureCount: Int

    /// The signing or verifying key of the algorithm: the HMAC secret for hs256, else the PEM key.
    fileprivate func prepareKey(pem: String, hmacSecret: [UInt8], signing: Bool) throws {
        if algorithm == .hs256 {
            try prepareMAC(secret: hmacSecret)
        } else {
            try preparePublicKey(pem: pem, signing: signing)
        }
    }

    fileprivate func prepareMAC(secret: [UInt8]) throws {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { throw CryptoReference.SetupError("EVP_MAC_fetch") }
        defer { EVP_MAC_free(mac) }
        guard let context = EVP_MAC_CTX_new(mac) else { throw CryptoReference.SetupError("EVP_MAC_CTX_new") }
        macContext = context
        // OSSL_PARAM keeps the key pointer: it must outlive the set_params call (a temporary C string
        // of OSSL_MAC_PARAM_DIGEST would be freed before libcrypto reads it).
        let digestSet = OSSL_MAC_PARAM_DIGEST.withCString { key in
            "SHA256".withCString { name -> Int32 in
                var params = [
                    OSSL_PARAM_construct_utf8_string(key, UnsafeMutablePointer(mutating: name), 0),
                    OSSL_PARAM_construct_end(),
                ]
                return EVP_MAC_CTX_set_params(context, &params)
            }
        }
        let storage = secret.isEmpty ? [UInt8](repeating: 0, count: 1) : secret
        guard digestSet == 1,
            storage.withUnsafeBufferPointer({ EVP_MAC_init(context, $0.baseAddress, $0.count, nil) }) == 1
        else { throw CryptoReference.SetupError("EVP_MAC_init") }
    }

    fileprivate func prepareStates(secret: [UInt8]) throws {
        var block = [UInt8](repeating: 0, count: 64)
        if secret.count > 64 {
            _ = COpenSSL.SHA256(secret, secret.count, &block)
        } else {
            block.replaceSubrange(0..<secret.count, with: secret)
        }
        let inner = block.map { $0 ^ 0x36 }
        let outer = block.map { $0 ^ 0x5c }
        guard authz_sha256_init(&states.0) == 1, authz_sha256_update(&states.0, inner, 64) == 1,
            authz_sha256_init(&states.1) == 1, authz_sha256_update(&states.1, outer, 64) == 1
        else { throw CryptoReference.SetupError("SHA256_Init/SHA256_Update of the HMAC pads") }
    }

    /// One HMAC from the precomputed states into `digest` (the inner digest first, then the MAC).
    @inline(__always)
    private func macFromStates(
        _ message: UnsafePointer<UInt8>,
        _ count: Int,
        _ digest: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        var context = states.0
        guard authz_sha256_update(&context, message, count) == 1, authz_sha256_final(digest, &context) == 1 else {
            return false
        }
        context = states.1
        return authz_sha256_update(&context, digest, 32) == 1 && authz_sha256_final(digest, &context) == 1
    }

    /// The hex the last `sha256DirectHex` or `hmacStatesHex` iteration wrote.
    package var hexDigits: String {
        String(decoding: UnsafeRawBufferPointer(hex), as: UTF8.self)
    }

    /// Writes the 64 hex digits of the 32 bytes in `digest` to `hex`.
    @inline(__always)
    private func storeHex() {
        let words = UnsafeRawPointer(digest.baseAddress!).load(as: (UInt64, UInt64, UInt64, UInt64).self)
        hex.baseAddress!.storeBytes(of: HexEncoding.lowercase(words), as: HexEncoding.HexWords.self)
    }

    fileprivate func preparePublicKey(pem: String, signing: Bool) throws {
        var utf8 = Array(pem.utf8)
        let parsed = utf8.withUnsafeMutableBytes { buffer -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return signing ? PEM_read_bio_PrivateKey(bio, nil, nil, nil) : PEM_read_bio_PUBKEY(bio, nil, nil, nil)
        }
        guard let parsed else { throw CryptoReference.SetupError("parsing the PEM key") }
        key = parsed
        guard algorithm != .ed25519 else { return }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, parsed, nil) else {
            throw CryptoReference.SetupError("EVP_PKEY_CTX_new_from_pkey")
        }
        keyContext = context
        guard (signing ? EVP_PKEY_sign_init(context) : EVP_PKEY_verify_init(context)) == 1,
            EVP_PKEY_CTX_set_signature_md(context, md) == 1,
            algorithm != .rs256 || EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1
        else { throw CryptoReference.SetupError("initialising the key context") }
    }

    /// Runs `iterations` operations.
    package func run(_ iterations: Int) {
        var ok = 0
        let messageBytes = message.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let signatureBytes = signature.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let digestBytes = digest.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for _ in 0..<iterations {
            switch (operation, algorithm) {
            case (.sha256DirectHex, _):
                var context = SHA256_CTX()
                if authz_sha256_init(&context) == 1, authz_sha256_update(&context, messageBytes, messageCount) == 1,
                    authz_sha256_final(digestBytes, &context) == 1
                {
                    storeHex()
                    ok += 1
                }
            case (.hmacStates, _):
                if macFromStates(messageBytes, messageCount, digestBytes) { ok += 1 }
            case (.hmacStatesHex, _):
                if macFromStates(messageBytes, messageCount, digestBytes) {
                    storeHex()
                    ok += 1
                }
            case (.verifyStates, _):
                if macFromStates(messageBytes, messageCount, digestBytes),
                    signatureCount == 32, CRYPTO_memcmp(digestBytes, signatureBytes, 32) == 0
                {
                    ok += 1
                }
            case (.sha256, _):
                var length: UInt32 = 0
                if EVP_DigestInit_ex2(digestContext, md, nil) == 1,
                    EVP_DigestUpdate(digestContext, messageBytes, messageCount) == 1,
                    EVP_DigestFinal_ex(digestContext, digestBytes, &length) == 1
                {
                    ok += 1
                }
            case (.hmac, _), (.sign, .hs256):
                var length = 0
                if EVP_MAC_init(macContext, nil, 0, nil) == 1,
                    EVP_MAC_update(macContext, messageBytes, messageCount) == 1,
                    EVP_MAC_final(macContext, digestBytes, &length, 32) == 1
                {
                    ok += 1
                }
            case (.verify, .hs256):
                var length = 0
                if EVP_MAC_init(macContext, nil, 0, nil) == 1,
                    EVP_MAC_update(macContext, messageBytes, messageCount) == 1,
                    EVP_MAC_final(macContext, digestBytes, &length, 32) == 1,
                    signatureCount == 32, CRYPTO_memcmp(digestBytes, signatureBytes, 32) == 0
                {
                    ok += 1
                }
            case (.verify, .ed25519):
                if EVP_DigestVerifyInit_ex(digestContext, nil, nil, nil, nil, key, nil) == 1,
                    EVP_DigestVerify(digestContext, signatureBytes, signatureCount, messageBytes, messageCount) == 1
                {
                    ok += 1
                }
            case (.sign, .ed25519):
                var length = signature.count
                if EVP_DigestSignInit_ex(digestContext, nil, nil, nil, nil, key, nil) == 1,
                    EVP_DigestSign(digestContext, signatureBytes, &length, messageBytes, messageCount) == 1
                {
                    ok += 1
                }
            case (.verify, _):
                var length: UInt32 = 0
                if EVP_DigestInit_ex2(digestContext, md, nil) == 1,
                    EVP_DigestUpdate(digestContext, messageBytes, messageCount) == 1,
                    EVP_DigestFinal_ex(digestContext, digestBytes, &length) == 1,
                    EVP_PKEY_verify(keyContext, signatureBytes, signatureCount, digestBytes, 32) == 1
                {
                    ok += 1
                }
            case (.sign, _):
                var length: UInt32 = 0
                var signatureLength = signature.count
                if EVP_DigestInit_ex2(digestContext, md, nil) == 1,
                    EVP_DigestUpdate(digestContext, messageBytes, messageCount) == 1,
                    EVP_DigestFinal_ex(digestContext, digestBytes, &length) == 1,
                    EVP_PKEY_sign(keyContext, signatureBytes, &signatureLength, digestBytes, 32) == 1
                {
                    ok += 1
                }
            }
        }
        if ok != iterations { ERR_clear_error() }
        successes += ok
    }

    deinit {
        EVP_MD_CTX_free(digestContext)
        EVP_PKEY_CTX_free(keyContext)
        EVP_PKEY_free(key)
        EVP_MAC_CTX_free(macContext)
        EVP_MD_free(md)
        message.deallocate()
        signature.deallocate()
        digest.deallocate()
        hex.deallocate()
    }
}
