import COpenSSL

/// A key that signs tokens: parsed once, with per-thread libcrypto contexts.
public final class SigningKey: Sendable {
    /// The signature algorithm this key produces.
    public let algorithm: SignatureAlgorithm
    /// The matching verifier (the public half, or the same secret for hs256).
    public let verifyingKey: VerifyingKey
    let backing: VerifyingKey.Backing
    private let owner = ThreadLocalContexts.makeOwnerID()
    private let maxSignatureLength: Int

    /// Parses a PEM private key: PKCS#8, or what `openssl genpkey`, `openssl genrsa` and
    /// `openssl ecparam -genkey` write (traditional RSA/EC forms included).
    public convenience init(pem: String, algorithm: SignatureAlgorithm) throws {
        try KeyLoading.rejectSecret(algorithm, role: "private")
        try self.init(checking: KeyLoading.privateKey(pem: pem), algorithm: algorithm)
    }

    /// Parses a DER private key (PKCS#8 or a traditional RSA/EC structure).
    public convenience init(der: [UInt8], algorithm: SignatureAlgorithm) throws {
        try KeyLoading.rejectSecret(algorithm, role: "private")
        try self.init(checking: KeyLoading.privateKey(der: der), algorithm: algorithm)
    }

    /// An hs256 signer over the shared secret (stops the process only if libcrypto is out of memory).
    public init(hmacSecret: some Collection<UInt8>) {
        let key = HMACSHA256Key.makeOrStop(key: hmacSecret)
        self.algorithm = .hs256
        self.backing = .secret(key)
        self.verifyingKey = VerifyingKey(hmacKey: key)
        self.maxSignatureLength = SHA256Digest.byteCount
    }

    package init(checking key: OwnedPKey, algorithm: SignatureAlgorithm) throws {
        try KeyLoading.check(key, for: algorithm, role: "private")
        try KeyLoading.checkPair(key)
        self.algorithm = algorithm
        self.backing = .publicKey(key)
        self.maxSignatureLength = Int(EVP_PKEY_get_size(key.pointer))
        guard maxSignatureLength > 0 else { throw CryptoError("EVP_PKEY_get_size failed") }
        guard Self.signatureFitsTokenFormat(maxLength: maxSignatureLength) else {
            throw CryptoError(
                "a \(EVP_PKEY_get_bits(key.pointer))-bit key makes signatures of up to \(maxSignatureLength) "
                    + "bytes, whose base64 exceeds the \(TokenParser.maxFieldBytes)-byte signatureInfo field (RSA keys up to "
                    + "6144 bits fit)"
            )
        }
        self.verifyingKey = try VerifyingKey(der: Self.publicKeyDER(key.pointer), algorithm: algorithm)
    }

    /// Whether signatures of up to `maxLength` bytes fit the token's `signatureInfo` field once
    /// base64-encoded: a key that makes longer ones would sign tokens the parser rejects.
    package static func signatureFitsTokenFormat(maxLength: Int) -> Bool {
        Base64.encodedCount(maxLength) <= TokenParser.maxFieldBytes
    }

    /// The signature of `message`: DER ECDSA, PKCS#1 v1.5 RSA, 64-byte Ed25519, or 32-byte HMAC.
    public func signature(for message: UnsafeRawBufferPointer) throws -> [UInt8] {
        var thrown: (any Error)?
        let bytes = [UInt8](unsafeUninitializedCapacity: maxSignatureLength) { out, count in
            do {
                count = try self.signature(for: message, into: UnsafeMutableRawBufferPointer(out))
            } catch {
                thrown = error
                count = 0
            }
        }
        if let thrown { throw thrown }
        return bytes
    }

    /// The most bytes a signature of this key takes (the room `signature(for:into:)` needs).
    public var maximumSignatureLength: Int { maxSignatureLength }

    /// Writes the signature of `message` into `out` (at least `maximumSignatureLength` bytes) and
    /// returns its length: no allocation by Swift.
    public func signature(for message: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) throws -> Int {
        guard out.count >= maxSignatureLength, let outBase = out.baseAddress else {
            throw CryptoError(
                "signature buffer of \(out.count) bytes; \(algorithm.rawValue) needs \(maxSignatureLength)"
            )
        }
        let outBytes = outBase.assumingMemoryBound(to: UInt8.self)
        switch backing {
        case .secret(let key):
            let mac = key.authenticationCode(for: message)
            mac.withUnsafeBytes { outBase.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            return SHA256Digest.byteCount
        case .publicKey(let key):
            let pkey = key.pointer
            let algorithm = self.algorithm
            let written = ThreadLocalContexts.withContexts(
                owner: owner,
                release: SignatureContexts.release,
                make: { SignatureContexts.make(key: pkey, algorithm: algorithm, signing: true) },
                { digestContext, keyContext -> Int in
                    var length = out.count
                    let messageBytes = (message.baseAddress ?? UnsafeRawPointer(outBytes))
                        .assumingMemoryBound(to: UInt8.self)
                    guard let keyContext else {
                        guard EVP_DigestSignInit_ex(digestContext, nil, nil, nil, nil, pkey, nil) == 1,
                            EVP_DigestSign(digestContext, outBytes, &length, messageBytes, message.count) == 1
                        else { return -1 }
                        return length
                    }
                    guard let digest = SignatureContexts.digest(message, context: digestContext) else { return -1 }
                    let signed = digest.withUnsafeBytes { digestBytes in
                        EVP_PKEY_sign(
                            keyContext,
                            outBytes,
                            &length,
                            digestBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                            digestBytes.count
                        )
                    }
                    return signed == 1 ? length : -1
                }
            )
            guard let written, written >= 0, written <= out.count else {
                throw CryptoError("signing with \(algorithm.rawValue) failed")
            }
            return written
        }
    }

    /// The signature of `message` (see `signature(for:)` over a raw buffer).
    public func signature(for message: [UInt8]) throws -> [UInt8] {
        try message.withUnsafeBytes { try signature(for: $0) }
    }
}
