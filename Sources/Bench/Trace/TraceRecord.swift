/// One access of a trace file: one line of `time_ms,op,device,requestor,resource`.
struct TraceRecord: Sendable, Equatable {
    /// Milliseconds since the start of the measured phase (non-decreasing along a trace).
    var timeMillis: Int64
    /// The engine entry point called.
    var op: TraceOperation
    /// The device identifier (no commas, quotes or newlines).
    var device: String
    /// The requestor identifier.
    var requestor: String
    /// The resource identifier (may be empty for `logout`).
    var resource: String
}
