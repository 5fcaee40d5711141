/// The outcome of checking a token, as named by the wire-format specification.
///
/// The media-token codes mirror the programmer-side Media Token Verifier. Raw values are the
/// stable names printed by the CLI and written into result files.
public enum ResultCode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The token is well formed, correctly signed, unexpired, trusted and bound as required.
    case validToken = "VALID_TOKEN"
    /// The token does not follow the wire format (see `TokenFormatError` for the detail).
    case invalidTokenFormat = "INVALID_TOKEN_FORMAT"
    /// The signature does not verify with the configured key.
    case invalidSignature = "INVALID_SIGNATURE"
    /// The token's validity window is over (or, for media tokens, not yet open).
    case tokenExpired = "TOKEN_EXPIRED"
    /// A media token presented for another resource than the one it was minted for.
    case invalidResourceID = "INVALID_RESOURCE_ID"
    /// A single-use media token presented a second time.
    case tokenReplayed = "TOKEN_REPLAYED"
    /// The device binding fingerprint does not match the presented device ID.
    case deviceMismatch = "DEVICE_MISMATCH"
    /// The issuer (`msoID`) is not in the requestor's allowed list.
    case untrustedIssuer = "UNTRUSTED_ISSUER"
    /// The device has no usable authentication token.
    case notAuthenticated = "NOT_AUTHENTICATED"
    /// The entitlement backend denied access to the resource.
    case notAuthorized = "NOT_AUTHORIZED"
    /// The upstream entitlement backend did not answer in time, failed, or was at its in-flight
    /// bound: the request was completed at once rather than left waiting.
    case upstreamUnavailable = "UPSTREAM_UNAVAILABLE"

    /// The stable name, e.g. `VALID_TOKEN`.
    public var description: String { rawValue }
}
