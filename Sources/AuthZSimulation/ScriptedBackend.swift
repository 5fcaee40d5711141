import AuthZCore
import Synchronization

/// A backend whose answers the caller scripts: it either answers every call at once (inline,
/// with a decision computed from the request), or holds every call until the caller replies.
///
/// For tests that must control exactly when the upstream answers (a manual clock, a completion
/// ledger), and for micro-benchmarks of the miss path without a timer in the measurement.
public final class ScriptedBackend: Backend {
    /// A held call: what was asked, when, and the way to answer it.
    public struct HeldCall: Sendable {
        /// The request.
        public let request: BackendRequest
        /// The engine's time of the request, epoch milliseconds.
        public let now: Int64
        /// Answers the call.
        public let reply: BackendReply
    }

    private let answer: (@Sendable (BackendRequest, Int64) -> BackendDecision)?
    private let held = Locked<[HeldCall]>([])
    private let calls = Atomic<Int>(0)

    /// A backend answering every call inline with `answer(request, now)`; without `answer`, one
    /// that holds every call until ``replyToAll(now:_:)`` or ``takeHeld()``.
    public init(answer: (@Sendable (BackendRequest, Int64) -> BackendDecision)? = nil) {
        self.answer = answer
    }

    /// How many calls the engine made.
    public var callCount: Int { calls.load(ordering: .relaxed) }

    /// How many calls are held, unanswered.
    public var heldCount: Int { held.withLock { $0.count } }

    /// Answers inline, or holds the call.
    public func authorize(_ request: BackendRequest, now: Int64, reply: BackendReply) {
        calls.add(1, ordering: .relaxed)
        if let answer { return reply(answer(request, now), now: now) }
        held.withLock { $0.append(HeldCall(request: request, now: now, reply: reply)) }
    }

    /// Takes every held call (the caller answers them).
    public func takeHeld() -> [HeldCall] {
        held.withLock { calls in
            defer { calls = [] }
            return calls
        }
    }

    /// Answers every held call with `decide(call)` at `now`.
    ///
    /// - Returns: how many calls were answered.
    @discardableResult
    public func replyToAll(now: Int64, _ decide: (HeldCall) -> BackendDecision) -> Int {
        let taken = takeHeld()
        for call in taken { call.reply(decide(call), now: now) }
        return taken.count
    }
}
