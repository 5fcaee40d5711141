/// Receives the outcome of a request that the engine parked on the upstream backend.
///
/// `checkAuthorization` and `getAuthorization` answer hits inline and never call the completion
/// then. A miss parks the request; the completion is called exactly once, when the upstream
/// answers, fails or times out, on whichever thread that happens.
///
/// A conforming type is usually a small struct (a reference to the caller's inbox and a slot
/// number): passed by value and stored in an existential's inline buffer (up to three words), it
/// costs no allocation, which a closure capturing the same state would (its context).
public protocol AuthorizationCompletion<Outcome>: Sendable {
    /// `ResultCode` for `checkAuthorization`, `AuthorizationOutcome` for `getAuthorization`.
    associatedtype Outcome: Sendable
    /// Called once with the parked request's outcome.
    func complete(_ outcome: Outcome)
}

/// A completion that calls a closure: convenient where an allocation per parked request does not
/// matter (tests, tools, set-up).
public struct CompletionHandler<Outcome: Sendable>: AuthorizationCompletion {
    /// The closure called with the outcome.
    public let body: @Sendable (Outcome) -> Void

    /// A completion calling `body`.
    public init(_ body: @escaping @Sendable (Outcome) -> Void) {
        self.body = body
    }

    /// Calls `body`.
    public func complete(_ outcome: Outcome) { body(outcome) }
}
