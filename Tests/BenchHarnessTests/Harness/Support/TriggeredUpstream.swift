import AuthZCore
import AuthZSimulation
import Dispatch

/// An upstream whose replies the test triggers: every call is held until ``answerAll(now:)``,
/// which answers it as a simulated backend with no latency and no denial would.
final class TriggeredUpstream: Backend {
    private struct Held: Sendable {
        var request: BackendRequest
        var reply: BackendReply
    }

    private let decider: SimulatedBackend
    private let held = Locked<[Held]>([])
    /// Signalled on every call.
    let asked = DispatchSemaphore(value: 0)

    /// A backend signing its authZ tokens with `keys`' authZ key.
    init(keys: DeploymentKeys) {
        decider = SimulatedBackend(issuer: TokenIssuer(key: keys.authZ))
    }

    func authorize(_ request: BackendRequest, now: Int64, reply: BackendReply) {
        held.withLock { $0.append(Held(request: request, reply: reply)) }
        asked.signal()
    }

    /// Answers every held call at `now` (epoch ms), on the calling thread; returns how many.
    @discardableResult
    func answerAll(now: Int64) -> Int {
        let calls = held.withLock { held in
            defer { held = [] }
            return held
        }
        for call in calls { call.reply(decider.decide(call.request, now: now), now: now) }
        return calls.count
    }
}
