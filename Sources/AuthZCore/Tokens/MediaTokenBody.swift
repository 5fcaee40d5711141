/// The body of a short media token (`shortAuthorizationToken`): one playback of one resource.
public struct MediaTokenBody: Sendable, Hashable {
    /// The playback session GUID (`sessionGUID`), fresh for every token.
    public var sessionGUID: String
    /// The requestor (programmer/app) (`requestorID`).
    public var requestorID: String
    /// The resource to be played (`resourceID`).
    public var resourceID: String
    /// The token's lifetime in milliseconds (`ttl`).
    public var ttlMillis: Int64
    /// When the token was issued, in Unix epoch milliseconds (`issueTime`).
    public var issueTimeMillis: Int64
    /// The MVPD that authorized the playback (`mvpdId`).
    public var mvpdID: String
    /// The proxy MVPD, or the empty string when there is none (`proxyMvpdId`).
    public var proxyMvpdID: String

    /// Creates a media token body from its fields.
    ///
    /// Negative times are representable (useful to build invalid tokens on purpose) but the
    /// parser rejects them.
    public init(
        sessionGUID: String,
        requestorID: String,
        resourceID: String,
        ttlMillis: Int64,
        issueTimeMillis: Int64,
        mvpdID: String,
        proxyMvpdID: String = ""
    ) {
        self.sessionGUID = sessionGUID
        self.requestorID = requestorID
        self.resourceID = resourceID
        self.ttlMillis = ttlMillis
        self.issueTimeMillis = issueTimeMillis
        self.mvpdID = mvpdID
        self.proxyMvpdID = proxyMvpdID
    }

    /// When the token expires, `issueTimeMillis + ttlMillis` (saturating at `Int64.max`).
    public var expiresAtMillis: Int64 {
        let (sum, overflow) = issueTimeMillis.addingReportingOverflow(ttlMillis)
        return overflow ? (ttlMillis > 0 ? .max : .min) : sum
    }
}
