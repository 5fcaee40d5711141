/// What the engine asks the upstream entitlement backend on an authorization-cache miss.
public struct BackendRequest: Sendable {
    /// The requestor (programmer/app).
    public var requestorID: String
    /// The protected resource.
    public var resourceID: String
    /// The identity provider the user authenticated with.
    public var msoID: String
    /// The device binding fingerprint (64 lowercase hex) to embed in the authZ token.
    public var fingerprint: String

    /// Creates a request.
    public init(requestorID: String, resourceID: String, msoID: String, fingerprint: String) {
        self.requestorID = requestorID
        self.resourceID = resourceID
        self.msoID = msoID
        self.fingerprint = fingerprint
    }
}

/// The upstream entitlement backend's answer.
public enum BackendDecision: Sendable, Equatable {
    /// Access granted: a signed authZ token in the wire format.
    case permit(authZToken: [UInt8])
    /// Access denied.
    case deny
}

/// The upstream entitlement decision (the MVPD's authorization), called on authorization-cache
/// misses. Implementations must be safe to call from many threads at once.
public protocol Backend: Sendable {
    /// Decides whether the user may access `request.resourceID`; on permit, issues a signed authZ token.
    func authorize(_ request: BackendRequest, now: Int64) -> BackendDecision
}
