/// The media server's check of a short media token: signature, issue-time/TTL window with skew,
/// resource, and single use through a bounded `ReplayGuard`.
///
/// The replay guard is consulted last, so that only a token that passed every other check can take
/// a place in its bounded memory.
public struct MediaTokenVerifier: Sendable {
    /// Signature, window and resource checks (its `validity.skewMillis` is the window's skew).
    public let verifier: TokenVerifier
    /// The single-use memory.
    public let replayGuard: ReplayGuard

    /// Creates a verifier for media tokens signed by `key`.
    public init(key: VerifyingKey, skewMillis: Int64 = 0, allowedIssuers: Set<String>? = nil, replayGuard: ReplayGuard)
    {
        self.verifier = TokenVerifier(
            key: key,
            validity: ValidityPolicy(skewMillis: skewMillis, allowedIssuers: allowedIssuers)
        )
        self.replayGuard = replayGuard
    }

    /// Checks `token` for `resource` at `now` and consumes it; returns the result code.
    public func verify(_ token: UnsafeRawBufferPointer, resource: String, now: Int64) -> ResultCode {
        var observer = NoStageObserver()
        return verify(token, resource: resource, now: now, observer: &observer)
    }

    /// Checks `token` for `resource` at `now` and consumes it, timing the stages
    /// (`parse`, `verify`, `ttl`, `replay`) into `observer`.
    public func verify<Observer: StageObserver>(
        _ token: UnsafeRawBufferPointer,
        resource: String,
        now: Int64,
        observer: inout Observer
    ) -> ResultCode {
        let parsed: ParsedToken
        do {
            parsed = try observer.time(.parse) { () throws(TokenFormatError) in try TokenParser.parse(token) }
        } catch {
            return .invalidTokenFormat
        }
        guard case .media(let media) = parsed.body else { return .invalidTokenFormat }
        let signatureValid = observer.time(.verify) {
            parsed.signature.withUnsafeBytes {
                verifier.key.isValidSignature($0, for: UnsafeRawBufferPointer(rebasing: token[parsed.bodyRange]))
            }
        }
        guard signatureValid else { return .invalidSignature }
        let claims = observer.time(.ttl) { verifier.checkClaims(.media(media), now: now, resource: resource) }
        if let claims { return claims.code }
        let expiresAt = media.issueTimeMillis &+ media.ttlMillis &+ verifier.validity.skewMillis
        return observer.time(.replay) {
            replayGuard.admit(sessionGUID: media.sessionGUID, expiresAt: expiresAt, now: now)
        }
    }
}
