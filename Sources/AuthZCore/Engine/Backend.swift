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
    /// The backend could not decide (an error, an outage, a refused connection): the waiting
    /// requests complete with ``ResultCode/upstreamUnavailable``, and a cached entry being
    /// refreshed is kept.
    case unavailable
}

/// The upstream entitlement decision (the MVPD's authorization), asked on authorization-cache
/// misses and refreshes.
///
/// The call is asynchronous: ``authorize(_:now:reply:)`` starts it and returns at once, and the
/// backend answers later, from any thread, through `reply`. A networked implementation sends the
/// request and calls `reply` from its response handler; it must never block the calling thread,
/// which is serving other requests. The engine bounds the number of calls in flight and times
/// each one out, so a backend that never answers costs a table entry until the timeout, not a
/// thread or a request.
public protocol Backend: Sendable {
    /// Starts deciding whether the user may access `request.resourceID` (on permit, with a signed
    /// authZ token); answers through `reply`, once.
    ///
    /// - Parameters:
    ///   - request: What is asked.
    ///   - now: The engine's time of the request, epoch milliseconds.
    ///   - reply: Called once with the decision and the time it was made. It may be called before
    ///     this method returns (a backend that fails fast); a second call is ignored.
    func authorize(_ request: BackendRequest, now: Int64, reply: BackendReply)
}

/// The way back from a ``Backend`` to the requests waiting on one upstream call.
///
/// A small value (one reference): copying it to a response handler allocates nothing. The first
/// call delivers the decision; later calls, and calls after the engine timed the call out, are
/// ignored. A reply references its call, and the call the engine, until the reply is released:
/// call it once (late is fine) and let it go; a backend that keeps replies forever keeps the
/// engine with them.
public struct BackendReply: Sendable {
    let call: UpstreamCall

    init(call: UpstreamCall) {
        self.call = call
    }

    /// Delivers `decision`, made at `now` (epoch milliseconds: the media tokens of the waiting
    /// `getAuthorization` requests are issued at this time).
    public func callAsFunction(_ decision: BackendDecision, now: Int64) {
        call.owner.finish(call, with: decision, now: now)
    }
}
