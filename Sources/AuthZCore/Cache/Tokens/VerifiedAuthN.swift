/// What the verified-token cache keeps about an authentication token whose signature verified.
///
/// Only signature-dependent facts are cached. Expiry, issuer trust, revocation and the requestor
/// are facts of the token re-checked against the clock and the current policy on every hit; the
/// device binding is re-checked unless the presented device ID equals `boundDeviceID`, the one
/// already proven to match this token's fingerprint.
public struct VerifiedAuthN: Sendable {
    /// The token's `simpleTokenAuthenticationGuid`, with its hash.
    public var guid: AuthNGUID
    /// The requestor the token was issued for.
    public var requestorID: String
    /// The issuer (MVPD `msoID`).
    public var msoID: String
    /// Expiry, epoch milliseconds.
    public var expiresAt: Int64
    /// The device binding fingerprint carried by the token.
    public var fingerprint: Fingerprint?
    /// The device ID last proven to match `fingerprint` (binding memo), if any.
    public var boundDeviceID: DeviceID?
    /// `requestorID` and `msoID` as the verifying engine's allowed lists number them, resolved once
    /// when the token is verified (0: none). Trust is still tested on every hit, with this reference.
    @usableFromInline var trustReference: UInt64 = 0

    /// Creates a cache value.
    public init(guid: AuthNGUID, requestorID: String, msoID: String, expiresAt: Int64, fingerprint: Fingerprint?,
        boundDeviceID: DeviceID? = nil)
    {
        self.guid = guid
        self.requestorID = requestorID
        self.msoID = msoID
        self.expiresAt = expiresAt
        self.fingerprint = fingerprint
        self.boundDeviceID = boundDeviceID
    }
}
