import AuthZCore

extension ResultCode {
    /// Whether a request answered with this code is a failure of the system under test rather
    /// than an answer (see BenchHarness's MeasurementRules article).
    ///
    /// An attack request (`expected` is the code it must be rejected with) is answered when it gets
    /// exactly that code. Any other request is answered by `VALID_TOKEN`, by `NOT_AUTHORIZED` (the
    /// upstream's decision, or the engine's cached copy of it) and by `TOKEN_EXPIRED` (the device's
    /// own token lapsed, and the device signs in again): these are correct answers, however
    /// unwelcome to the viewer. Everything else is a failure: `UPSTREAM_UNAVAILABLE`, and a code
    /// that ordinary traffic must never get (a rejected signature on a token the harness signed is
    /// a bug, not an answer).
    @inline(__always)
    package func isFailure(expected: ResultCode?) -> Bool {
        if let expected { return self != expected }
        switch self {
        case .validToken, .notAuthorized, .tokenExpired: return false
        default: return true
        }
    }
}
