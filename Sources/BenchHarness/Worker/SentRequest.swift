/// A request as the worker sent it.
package struct SentRequest: Sendable {
    /// Its intended start (open loop: its place in the schedule; closed loop: its send).
    package var intended: UInt64
    /// When it was handed to the engine.
    package var send: UInt64
    /// The operation.
    package var operation: Operation
    /// Whether it belongs to the measured phase (its intended start is at or after the warm-up).
    package var measured: Bool

    /// A request from its values.
    @inline(__always)
    package init(intended: UInt64, send: UInt64, operation: Operation, measured: Bool) {
        self.intended = intended
        self.send = send
        self.operation = operation
        self.measured = measured
    }
}
