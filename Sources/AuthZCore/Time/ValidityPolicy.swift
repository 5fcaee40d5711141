/// The rule that decides whether a token is currently valid: its lifetime has not run out (allowing
/// for clock skew) and its issuer is one the requestor trusts.
///
/// Checked on every request, cache hit or not: a cached verdict never stands in for it.
public struct ValidityPolicy: Sendable {
    /// How far the verifier's clock may lag or lead the issuer's, in milliseconds.
    public var skewMillis: Int64
    /// The issuers (MVPD `msoID`s) accepted; `nil` accepts any issuer.
    public var allowedIssuers: Set<String>?

    /// Creates a policy with a clock skew allowance and an optional allowed-issuer list.
    public init(skewMillis: Int64 = 0, allowedIssuers: Set<String>? = nil) {
        precondition(skewMillis >= 0, "skew must not be negative")
        self.skewMillis = skewMillis
        self.allowedIssuers = allowedIssuers
    }

    /// Whether a token that expires at `expiresAt` (epoch ms) is expired at `now`, given the skew.
    ///
    /// The token is still valid at exactly `expiresAt + skew`.
    @inlinable
    public func isExpired(expiresAt: Int64, now: Int64) -> Bool {
        now > expiresAt &+ skewMillis
    }

    /// Whether `issuer` is trusted.
    @inlinable
    public func trusts(issuer: some StringProtocol) -> Bool {
        guard let allowedIssuers else { return true }
        return allowedIssuers.contains(String(issuer))
    }

    /// The verdict for a token with the given expiry and issuer at `now`: `.validToken`,
    /// `.tokenExpired` or `.untrustedIssuer` (expiry is reported first).
    @inlinable
    public func check(expiresAt: Int64, issuer: some StringProtocol, now: Int64) -> ResultCode {
        if isExpired(expiresAt: expiresAt, now: now) { return .tokenExpired }
        if !trusts(issuer: issuer) { return .untrustedIssuer }
        return .validToken
    }
}
