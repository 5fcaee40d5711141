import COpenSSL

/// A key that checks token signatures: parsed once, with per-thread libcrypto contexts.
public final class VerifyingKey: Sendable {
    /// The signature algorithm this key verifies.
    public let algorithm: SignatureAlgorithm
    let backing: Backing
    private let owner = ThreadLocalContexts.makeOwnerID()

    /// What holds the key material.
    enum Backing: Sendable {
        case publicKey(OwnedPKey)
        case secret(HMACSHA256Key)
    }

    /// Parses a PEM SubjectPublicKeyInfo (`-----BEGIN PUBLIC KEY-----`) for `algorithm`.
    public convenience init(pem: String, algorithm: SignatureAlgorithm) throws {
        try KeyLoading.rejectSecret(algorithm, role: "public")
        try self.init(checking: KeyLoading.publicKey(pem: pem), algorithm: algorithm)
    }

    /// Parses a DER SubjectPublicKeyInfo for `algorithm`.
    public convenience init(der: [UInt8], algorithm: SignatureAlgorithm) throws {
        try KeyLoading.rejectSecret(algorithm, role: "public")
        try self.init(checking: KeyLoading.publicKey(der: der), algorithm: algorithm)
    }

    /// An hs256 verifier holding the shared HMAC secret (stops the process only if libcrypto is out of memory).
    public convenience init(hmacSecret: some Collection<UInt8>) {
        self.init(hmacKey: HMACSHA256Key.makeOrStop(key: hmacSecret))
    }

    /// An hs256 verifier sharing an existing HMAC key.
    init(hmacKey: HMACSHA256Key) {
        self.algorithm = .hs256
        self.backing = .secret(hmacKey)
    }

    package init(checking key: OwnedPKey, algorithm: SignatureAlgorithm) throws {
        try KeyLoading.check(key, for: algorithm, role: "public")
        self.algorithm = algorithm
        self.backing = .publicKey(key)
    }

    /// True when `signature` is a valid signature of `message` under this key.
    ///
    /// ES256 accepts DER, and raw r||s of exactly 64 bytes (see `ECDSASignatureEncoding`). HS256
    /// compares the 32-byte HMAC in constant time. Never allocates on the Swift heap after warm-up.
    public func isValidSignature(_ signature: UnsafeRawBufferPointer, for message: UnsafeRawBufferPointer) -> Bool {
        switch backing {
        case .secret(let key):
            return key.isValidAuthenticationCode(signature, for: message)
        case .publicKey(let key):
            guard signature.count > 0 else { return false }
            if algorithm == .es256 && signature.count == ECDSASignatureEncoding.rawLength
                && !ECDSASignatureEncoding.isCompleteDERSequence(signature)
            {
                return withUnsafeTemporaryAllocation(byteCount: ECDSASignatureEncoding.maxDERLength, alignment: 8) {
                    der in
                    let length = ECDSASignatureEncoding.der(fromRaw: signature, into: der)
                    return verify(UnsafeRawBufferPointer(rebasing: der[0..<length]), message, key.pointer)
                }
            }
            return verify(signature, message, key.pointer)
        }
    }

    /// True when `signature` is a valid signature of `message` under this key.
    public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
        signature.withUnsafeBytes { signatureBytes in
            message.withUnsafeBytes { isValidSignature(signatureBytes, for: $0) }
        }
    }

    @inline(__always)
    private func verify(
        _ signature: UnsafeRawBufferPointer,
        _ message: UnsafeRawBufferPointer,
        _ key: OpaquePointer
    ) -> Bool {
        let algorithm = self.algorithm
        let signatureBytes = signature.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // An empty message still needs a non-nil pointer for some providers; its length stays 0.
        let messageBytes = (message.baseAddress ?? signature.baseAddress!).assumingMemoryBound(to: UInt8.self)
        let result = ThreadLocalContexts.withContexts(
            owner: owner,
            release: SignatureContexts.release,
            make: { SignatureContexts.make(key: key, algorithm: algorithm, signing: false) },
            { digestContext, keyContext -> Bool in
                guard let keyContext else {
                    // Ed25519: PureEdDSA one-shot over the message.
                    return EVP_DigestVerifyInit_ex(digestContext, nil, nil, nil, nil, key, nil) == 1
                        && EVP_DigestVerify(digestContext, signatureBytes, signature.count, messageBytes, message.count)
                            == 1
                }
                guard let digest = SignatureContexts.digest(message, context: digestContext) else { return false }
                return digest.withUnsafeBytes { digestBytes in
                    EVP_PKEY_verify(
                        keyContext,
                        signatureBytes,
                        signature.count,
                        digestBytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                        digestBytes.count
                    ) == 1
                }
            }
        )
        if result != true { ERR_clear_error() }
        return result == true
    }
}
