/// One access of a trace file: one line of `time_ms,op,device,requestor,resource`.
package struct TraceRecord: Sendable, Equatable {
    /// Milliseconds since the start of the measured phase (non-decreasing along a trace).
    package var timeMillis: Int64
    /// The engine entry point called.
    package var op: TraceOperation
    /// The device identifier (no commas, quotes or newlines).
    package var device: String
    /// The requestor identifier.
    package var requestor: String
    /// The resource identifier (may be empty for `logout`).
    package var resource: String

    /// Creates a value from its stored properties.
    package init(timeMillis: Int64, op: TraceOperation, device: String, requestor: String, resource: String) {
        self.timeMillis = timeMillis
        self.op = op
        self.device = device
        self.requestor = requestor
        self.resource = resource
    }
}

/// The operation of one trace line (`op` column): the engine entry point the request called.
package enum TraceOperation: String, Sendable, CaseIterable {
    /// `getAuthorization`: looks the authorization cache up (inserts on a miss).
    case get
    /// `checkAuthorization`: looks the authorization cache up (inserts on a miss).
    case check
    /// `verifyMediaToken`: does not touch the authorization cache.
    case verify
    /// `logout`: the device's authentication tokens are revoked; its later requests carry a new
    /// authentication GUID, so none of its earlier authorization-cache keys is used again.
    case logout
}
