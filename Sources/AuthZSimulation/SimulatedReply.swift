import AuthZCore

/// Where a ``SimulatedBackend`` delivers its answer: the engine's `BackendReply`, or a test's
/// recorder. Generic rather than a closure, so that the engine's path specialises and allocates
/// nothing for the reply.
public protocol SimulatedReply: Sendable {
    /// Delivers `decision`, made at `now` (epoch milliseconds). Called once per call.
    func callAsFunction(_ decision: BackendDecision, now: Int64)
}

/// The engine's reply: the simulated backend answers the engine through it.
extension BackendReply: SimulatedReply {}
