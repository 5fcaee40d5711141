/// The body of an authentication token (`simpleAuthenticationToken`).
public struct AuthNTokenBody: Sendable, Hashable {
    /// The authentication GUID (`simpleTokenAuthenticationGuid`).
    public var guid: String
    /// The requestor (programmer/app) the user authenticated for (`simpleTokenRequestorID`).
    public var requestorID: String
    /// The requestor's domain (`simpleTokenDomainName`).
    public var domainName: String
    /// When the token expires (`simpleTokenExpires`).
    public var expires: TokenDate
    /// The issuing MVPD (`simpleTokenMsoID`).
    public var msoID: String
    /// The device binding fingerprint (`simpleTokenDeviceID` > `simpleTokenFingerprint`).
    public var fingerprint: String

    /// Creates an authentication token body from its fields.
    public init(
        guid: String,
        requestorID: String,
        domainName: String,
        expires: TokenDate,
        msoID: String,
        fingerprint: String
    ) {
        self.guid = guid
        self.requestorID = requestorID
        self.domainName = domainName
        self.expires = expires
        self.msoID = msoID
        self.fingerprint = fingerprint
    }
}
