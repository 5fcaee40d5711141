import AuthZCore

/// Every completed request as a worker recorded it, for tests that check the recorded figures
/// against the times they chose (a manual clock and a scripted upstream; their log keeps every
/// request).
///
/// The run uses ``NoRequestLog``: `isEnabled` is false, so after specialisation the worker's
/// calls to it are gone.
package protocol RequestLog: Sendable {
    /// Whether the worker appends to the log at all.
    static var isEnabled: Bool { get }
    /// A new, empty log.
    init()
    /// Appends a completed request.
    mutating func append(_ request: LoggedRequest)
}

/// One completed request, with the latencies the worker recorded for it (nanoseconds).
package struct LoggedRequest: Sendable, Equatable {
    /// Its intended start, send, park (nil when answered inline) and completion times.
    package var intended: UInt64
    /// When it was handed to the engine.
    package var send: UInt64
    /// When the engine parked it (nil: answered inline).
    package var parkedAt: UInt64?
    /// When it completed.
    package var done: UInt64
    /// The recorded `responseTime`.
    package var response: UInt64
    /// The recorded `serviceTime`.
    package var service: UInt64
    /// The recorded `startLag`.
    package var startLag: UInt64
    /// The recorded `upstreamWait` (parked requests only).
    package var upstreamWait: UInt64?
    /// The operation.
    package var operation: Operation
    /// Whether it was measured (not warm-up).
    package var measured: Bool
    /// Its result code.
    package var code: ResultCode
}

/// The log of a run: nothing.
package struct NoRequestLog: RequestLog {
    /// Off: the worker's calls are compiled out.
    package static var isEnabled: Bool { false }
    /// The empty log.
    package init() {}
    /// Does nothing.
    @inline(__always)
    package mutating func append(_ request: LoggedRequest) {}
}
