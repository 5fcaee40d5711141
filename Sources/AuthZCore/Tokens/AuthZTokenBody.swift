/// The body of an authorization token (`simpleAuthorizationToken`) for one resource.
public struct AuthZTokenBody: Sendable, Hashable {
    /// The requestor (programmer/app) (`simpleTokenRequestorID`).
    public var requestorID: String
    /// The protected resource this token grants (`simpleTokenResourceID`).
    public var resourceID: String
    /// When the token expires (`simpleTokenTTL`, an absolute time despite its name).
    public var expires: TokenDate
    /// The issuing MVPD (`simpleTokenMsoID`).
    public var msoID: String
    /// The device binding fingerprint (`simpleTokenDeviceID` > `simpleTokenFingerprint`).
    public var fingerprint: String

    /// Creates an authorization token body from its fields.
    public init(
        requestorID: String,
        resourceID: String,
        expires: TokenDate,
        msoID: String,
        fingerprint: String
    ) {
        self.requestorID = requestorID
        self.resourceID = resourceID
        self.expires = expires
        self.msoID = msoID
        self.fingerprint = fingerprint
    }
}
