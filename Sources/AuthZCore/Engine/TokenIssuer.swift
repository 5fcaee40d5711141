/// Signs token bodies into wire-format tokens: `<signatureInfo>BASE64</signatureInfo>` + body element.
///
/// The signature input is the exact serialized body element, so what is signed is exactly what a
/// verifier later slices out of the token. The body and the signature are built in stack scratch
/// space; the only Swift allocation is the returned token, sized exactly.
public struct TokenIssuer: Sendable {
    /// The key that signs every token this issuer makes.
    public let key: SigningKey
    /// For an HMAC key given the first block most bodies begin with: the key resumed after it.
    private let resumed: HMACSHA256PrefixState?

    /// Creates an issuer signing with `key`.
    public init(key: SigningKey) {
        self.key = key
        self.resumed = nil
    }

    /// Creates an issuer signing with `key` whose token bodies mostly begin with `commonBodyPrefix`,
    /// one 64-byte block: with an hs256 key, the MAC of a body that begins with it resumes after
    /// it (one SHA-256 compression fewer); every other body, and every other algorithm, is signed
    /// as by `init(key:)`. The tokens are the same bytes either way.
    package init(key: SigningKey, commonBodyPrefix: UnsafeRawBufferPointer) {
        self.key = key
        if case .secret(let hmac) = key.backing {
            self.resumed = HMACSHA256PrefixState(key: hmac, block: commonBodyPrefix)
        } else {
            self.resumed = nil
        }
    }

    /// The signed token for `body`, as wire-format bytes.
    ///
    /// - Throws: ``TokenIssueError`` when the token would not parse back: a required field is
    ///   empty, a field once escaped is longer than the parser accepts, or the whole token is;
    ///   `CryptoError` when libcrypto fails to sign.
    public func issue(_ body: TokenBody) throws -> [UInt8] {
        try TokenSerializer.checkFields(body)
        let token = try issue(bodyBound: TokenSerializer.bodyByteBound(body)) { TokenSerializer.write(body, to: &$0) }
        guard token.count <= TokenParser.maxTokenBytes else { throw TokenIssueError.tokenTooLarge(bytes: token.count) }
        return token
    }

    /// Signs the body `writeBody` writes (at most `bodyBound` bytes) into a token.
    ///
    /// One scratch buffer holds the token as it will be returned: room for the longest signature
    /// element, then the body, then the signature. The body is written and signed in place, the
    /// signature element is written right before it, and the token is copied out once.
    func issue(bodyBound bound: Int, _ writeBody: (inout TokenWriter) -> Void) throws -> [UInt8] {
        // The closure below would retain both references of `self` for the call, and each again
        // around its signing call. `self` is borrowed for the whole call and holds both, so they
        // are used unretained.
        let key = Unmanaged.passUnretained(self.key)
        let resumed = self.resumed.map(Unmanaged.passUnretained)
        let maximumSignature = self.key.maximumSignatureLength
        let bodyStart = TokenSerializer.signatureElementBytes(signatureLength: maximumSignature)
        let signatureStart = bodyStart + bound
        return try withUnsafeTemporaryAllocation(
            byteCount: signatureStart + maximumSignature,
            alignment: 8
        ) { scratch in
            var body = TokenWriter(UnsafeMutableRawBufferPointer(rebasing: scratch[bodyStart..<signatureStart]))
            writeBody(&body)
            let signatureSpace = UnsafeMutableRawBufferPointer(rebasing: scratch[signatureStart...])
            let length: Int
            if let resumed {
                let mac = resumed._withUnsafeGuaranteedRef { $0.authenticationCode(for: body.written) }
                mac.withUnsafeBytes {
                    signatureSpace.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: $0.count)
                }
                length = SHA256Digest.byteCount
            } else {
                length = try key._withUnsafeGuaranteedRef { try $0.signature(for: body.written, into: signatureSpace) }
            }
            let tokenStart = bodyStart - TokenSerializer.signatureElementBytes(signatureLength: length)
            var head = TokenWriter(UnsafeMutableRawBufferPointer(rebasing: scratch[tokenStart..<bodyStart]))
            TokenSerializer.writeSignatureElement(
                UnsafeRawBufferPointer(rebasing: signatureSpace[..<length]),
                to: &head
            )
            return [UInt8](UnsafeRawBufferPointer(rebasing: scratch[tokenStart..<(bodyStart + body.count)]))
        }
    }
}
