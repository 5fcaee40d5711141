/// A token that was rejected, with the result code and a one-line reason.
public struct TokenRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// The result code (never `.validToken`).
    public var code: ResultCode
    /// What was wrong, for people (the format error with its byte offset, the expiry, ...).
    public var detail: String

    /// Creates a rejection.
    public init(_ code: ResultCode, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// `CODE: detail`.
    public var description: String { "\(code.rawValue): \(detail)" }
}

/// Checks wire-format tokens: format, signature, validity window, issuer, resource and device binding.
///
/// The checks come in two parts so that a cache can keep the first and never the second:
/// `verifySignature(_:)` (parse + signature, a pure function of the bytes) and
/// `checkClaims(_:now:resource:deviceID:)` (time-, issuer- and device-dependent, re-run on every use).
public struct TokenVerifier: Sendable {
    /// The key the signature must verify with.
    public let key: VerifyingKey
    /// Expiry skew and trusted issuers.
    public var validity: ValidityPolicy
    /// The key of the device-binding fingerprint; `nil` disables binding checks.
    public let bindingKey: DeviceBindingKey?

    /// Creates a verifier.
    public init(key: VerifyingKey, validity: ValidityPolicy = ValidityPolicy(), bindingKey: DeviceBindingKey? = nil) {
        self.key = key
        self.validity = validity
        self.bindingKey = bindingKey
    }

    /// Parses `token` and verifies its signature over the exact body bytes.
    public func verifySignature(_ token: UnsafeRawBufferPointer) -> Result<ParsedToken, TokenRejection> {
        let parsed: ParsedToken
        do {
            parsed = try TokenParser.parse(token)
        } catch {
            return .failure(TokenRejection(.invalidTokenFormat, error.description))
        }
        let message = UnsafeRawBufferPointer(rebasing: token[parsed.bodyRange])
        let valid = parsed.signature.withUnsafeBytes { key.isValidSignature($0, for: message) }
        guard valid else {
            return .failure(
                TokenRejection(.invalidSignature, "signature does not verify with the \(key.algorithm.rawValue) key")
            )
        }
        return .success(parsed)
    }

    /// Checks what depends on the moment and the caller: the validity window (with skew), the issuer,
    /// the resource (authZ and media tokens, when `resource` is given) and the device binding
    /// (authN and authZ tokens, when `deviceID` is given and a binding key is set).
    public func checkClaims(
        _ body: TokenBody,
        now: Int64,
        resource: String? = nil,
        deviceID: DeviceID? = nil
    )
        -> TokenRejection?
    {
        switch body {
        case .authn(let authn):
            if validity.isExpired(expiresAt: authn.expires.epochMillis, now: now) {
                return TokenRejection(.tokenExpired, "authentication token expired at \(authn.expires.formatted)")
            }
            if !validity.trusts(issuer: authn.msoID) {
                return TokenRejection(.untrustedIssuer, "issuer '\(authn.msoID)' is not in the allowed list")
            }
            return checkBinding(fingerprint: authn.fingerprint, deviceID: deviceID)
        case .authz(let authz):
            if validity.isExpired(expiresAt: authz.expires.epochMillis, now: now) {
                return TokenRejection(.tokenExpired, "authorization token expired at \(authz.expires.formatted)")
            }
            if !validity.trusts(issuer: authz.msoID) {
                return TokenRejection(.untrustedIssuer, "issuer '\(authz.msoID)' is not in the allowed list")
            }
            if let resource, resource != authz.resourceID {
                return TokenRejection(
                    .invalidResourceID,
                    "token is for resource '\(authz.resourceID)', not '\(resource)'"
                )
            }
            return checkBinding(fingerprint: authz.fingerprint, deviceID: deviceID)
        case .media(let media):
            if let rejection = checkMediaWindow(media, now: now) { return rejection }
            if !validity.trusts(issuer: media.mvpdID) {
                return TokenRejection(.untrustedIssuer, "issuer '\(media.mvpdID)' is not in the allowed list")
            }
            if let resource, resource != media.resourceID {
                return TokenRejection(
                    .invalidResourceID,
                    "token is for resource '\(media.resourceID)', not '\(resource)'"
                )
            }
            return nil
        }
    }

    /// The media token's window: `issueTime <= now + skew` and `now <= issueTime + ttl + skew`.
    public func checkMediaWindow(_ media: MediaTokenBody, now: Int64) -> TokenRejection? {
        let skew = validity.skewMillis
        if media.issueTimeMillis > now &+ skew {
            return TokenRejection(
                .tokenExpired,
                "media token issued in the future (issueTime \(media.issueTimeMillis) > now \(now) + skew \(skew))"
            )
        }
        if now > media.issueTimeMillis &+ media.ttlMillis &+ skew {
            return TokenRejection(
                .tokenExpired,
                "media token expired at \(media.issueTimeMillis &+ media.ttlMillis) (now \(now))"
            )
        }
        return nil
    }

    /// Compares the token's fingerprint with the keyed hash of `deviceID`, in constant time.
    public func checkBinding(fingerprint: String, deviceID: DeviceID?) -> TokenRejection? {
        guard let deviceID, let bindingKey else { return nil }
        if bindingKey.matches(fingerprintHex: fingerprint, deviceID: deviceID) { return nil }
        return TokenRejection(.deviceMismatch, "the token's device fingerprint does not match the presented device ID")
    }

    /// The full check of one token: signature, then claims. Returns the parsed token when valid.
    public func verify(
        _ token: UnsafeRawBufferPointer,
        now: Int64,
        resource: String? = nil,
        deviceID: DeviceID? = nil
    )
        -> Result<ParsedToken, TokenRejection>
    {
        switch verifySignature(token) {
        case .failure(let rejection):
            return .failure(rejection)
        case .success(let parsed):
            if let rejection = checkClaims(parsed.body, now: now, resource: resource, deviceID: deviceID) {
                return .failure(rejection)
            }
            return .success(parsed)
        }
    }
}
