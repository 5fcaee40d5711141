import AuthZCore

/// What a load worker drives: the engine's three entry points a request can take.
///
/// The run's target is the AuthZCore engine with the simulated upstream; tests give the same
/// engine an upstream whose replies they trigger. Generic, so the worker is specialised for the
/// engine it drives (no existential on a request's path).
package protocol LoadTarget: Sendable {
    /// Steps 1-4: answered inline (the code), or parked (nil; `completion` is called once).
    func checkAuthorization<Observer: StageObserver, Completion: AuthorizationCompletion<ResultCode>>(
        _ request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        completion: Completion
    ) -> ResultCode?

    /// Steps 1-5: answered inline (the outcome), or parked (nil; `completion` is called once).
    func getAuthorization<Observer: StageObserver, Completion: AuthorizationCompletion<AuthorizationOutcome>>(
        _ request: AuthorizationRequest,
        now: Int64,
        observer: inout Observer,
        completion: Completion
    ) -> AuthorizationOutcome?

    /// Revokes these authentication tokens; returns how many were revoked.
    func logout(authNTokens: [[UInt8]], now: Int64) -> Int
}

extension AuthorizationEngine: LoadTarget {}
