import AuthZCore
import Dispatch
import Synchronization

extension AuthorizationEngine {
    /// `checkAuthorization`, blocking the calling thread until a parked request completes.
    ///
    /// For set-up, tools and tests only: a load generator or a server must never block on the
    /// upstream (that is what the completion of ``AuthorizationEngine/checkAuthorization(_:now:completion:)`` is for).
    public func checkAuthorizationWaiting(_ request: AuthorizationRequest, now: Int64) -> ResultCode {
        let waiting = WaitingCompletion<ResultCode>()
        return checkAuthorization(request, now: now, completion: waiting) ?? waiting.wait()
    }

    /// `getAuthorization`, blocking the calling thread until a parked request completes (set-up,
    /// tools and tests only).
    public func getAuthorizationWaiting(_ request: AuthorizationRequest, now: Int64) -> AuthorizationOutcome {
        let waiting = WaitingCompletion<AuthorizationOutcome>()
        return getAuthorization(request, now: now, completion: waiting) ?? waiting.wait()
    }
}

/// A completion a thread can wait on: one outcome handed from the completing thread to a waiting
/// one (set-up, tools and tests only).
public final class WaitingCompletion<Outcome: Sendable>: AuthorizationCompletion {
    private let outcome = Locked<Outcome?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// A completion not completed yet.
    public init() {}

    /// Hands `value` to the waiting thread.
    public func complete(_ value: Outcome) {
        outcome.withLock { $0 = value }
        done.signal()
    }

    /// Blocks until ``complete(_:)`` was called; returns its outcome.
    public func wait() -> Outcome {
        done.wait()
        return outcome.withLock { $0! }
    }
}
