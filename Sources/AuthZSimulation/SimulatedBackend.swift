import AuthZCore
import Synchronization

/// A simulated upstream entitlement backend: waits a latency drawn from a distribution, denies a
/// configurable share of (requestor, resource, MVPD) combinations, fails a share of calls, goes
/// down for a scheduled outage, and otherwise issues a signed authZ token bound to the caller's
/// fingerprint.
///
/// Decisions are a deterministic function of the seed, the request and the call's number in the
/// load, so a seeded run asks the same questions and gets the same answers. The latency is a real
/// wait on a Dispatch timer, as a call to a remote service would be: no thread is blocked while it
/// runs, and the answer (and the signing of the authZ token) happens on Dispatch's threads, not
/// the caller's (`AnswerTimers`: delays of 16 ms and more are batched, at most a millisecond
/// later than asked beyond Dispatch's own lateness).
///
/// Faults (``Settings/errorRatio``, ``Settings/outage``) apply from ``beginLoad(atUptimeNanos:)`` on: the set-up
/// that authorizes every device for its favourites before the load is not what a run measures,
/// and a failed set-up would leave the steady state it builds incomplete.
public final class SimulatedBackend: Backend {
    /// Signs the authZ tokens.
    public let issuer: TokenIssuer
    /// Its lifetime of authZ tokens, deny and error ratios, latency, outage and seed.
    public let settings: Settings
    private let uptimeNanos: UptimeClock
    private let calls = Atomic<Int>(0)
    private let loadCalls = Atomic<UInt64>(0)
    private let errors = Atomic<Int>(0)
    private let outageAnswers = Atomic<Int>(0)
    /// Monotonic nanoseconds at which the load began; 0 while setting up (see ``beginLoad(atUptimeNanos:)``).
    private let loadStart = Atomic<UInt64>(0)

    /// The monotonic clock the backend places its outage with: nanoseconds since an arbitrary
    /// fixed point, the clock ``beginLoad(atUptimeNanos:)`` is given a time of.
    public typealias UptimeClock = @Sendable () -> UInt64

    /// Creates a backend signing with `issuer` under `settings`.
    ///
    /// - Parameters:
    ///   - issuer: signs the authZ tokens.
    ///   - settings: lifetime of issued authZ tokens, deny and error ratios, latency under load,
    ///     outage and seed (by default none of the faults, no latency).
    ///   - uptime: the monotonic clock (by default `CLOCK_MONOTONIC`, AuthZCore's
    ///     `MonotonicClock.nanoseconds()`); a test scripts it to place calls inside or outside the outage.
    public init(
        issuer: TokenIssuer,
        settings: Settings = Settings(),
        uptime: @escaping UptimeClock = { MonotonicClock.nanoseconds() }
    ) {
        precondition((0...1).contains(settings.denyRatio), "deny ratio must be within 0...1")
        precondition((0...1).contains(settings.errorRatio), "error ratio must be within 0...1")
        self.issuer = issuer
        self.settings = settings
        self.uptimeNanos = uptime
    }

    /// How many decisions were asked for (set-up included).
    public var callCount: Int { calls.load(ordering: .relaxed) }

    /// What the simulation did: calls, injected errors, outage answers.
    public var stats: SimulatedUpstreamStats {
        SimulatedUpstreamStats(
            calls: calls.load(ordering: .relaxed),
            loadCalls: Int(loadCalls.load(ordering: .relaxed)),
            errors: errors.load(ordering: .relaxed),
            outageAnswers: outageAnswers.load(ordering: .relaxed)
        )
    }

    /// Whether this backend denies `request` (deterministic for the seed).
    public func denies(_ request: BackendRequest) -> Bool {
        let denyRatio = settings.denyRatio
        guard denyRatio > 0 else { return false }
        var hash = StableHash(seed: settings.seed)
        hash.combine(request.requestorID)
        hash.combine(request.resourceID)
        hash.combine(request.msoID)
        return Double(hash.value >> 11) / Double(1 << 53) < denyRatio
    }

    /// Ends the set-up: from now on answers take the simulated latency and faults apply. Until
    /// this is called the backend answers inline, without latency or fault: set-up (authorizing
    /// every device for its favourites before the load) is not what a run measures.
    ///
    /// - Parameter uptimeNanos: the time the load began on the backend's monotonic clock (by
    ///   default `MonotonicClock.nanoseconds()`): the reference of the outage.
    public func beginLoad(atUptimeNanos uptimeNanos: UInt64) {
        loadStart.store(max(uptimeNanos, 1), ordering: .releasing)
    }

    /// Whether ``beginLoad(atUptimeNanos:)`` was called.
    public var isUnderLoad: Bool { loadStart.load(ordering: .acquiring) != 0 }

    /// Answers through `reply`: permits with a signed authZ token, denies, or fails (see
    /// ``answer(_:now:reply:)``).
    public func authorize(_ request: BackendRequest, now: Int64, reply: BackendReply) {
        answer(request, now: now, reply: reply)
    }

    /// Answers `request` through `reply`, once.
    ///
    /// Before the load began: inline, with the decision. Under load:
    /// - inside the outage: `unavailable` inline, at once. A down upstream
    ///   refuses the connection (or its load balancer answers 503) within a round trip, which is
    ///   what clients of a real outage see; a backend that hangs instead is what the engine's
    ///   per-call timeout covers.
    /// - otherwise after the sampled latency, on a Dispatch timer (`AnswerTimers`): `unavailable`
    ///   for a call the error ratio's draw fails (the upstream worked on it, then answered an
    ///   error), else the decision. With no latency the answer is inline.
    public func answer<Reply: SimulatedReply>(_ request: BackendRequest, now: Int64, reply: Reply) {
        calls.add(1, ordering: .relaxed)
        let start = loadStart.load(ordering: .acquiring)
        guard start != 0 else { return reply(decide(request, now: now), now: now) }
        let call = loadCalls.add(1, ordering: .relaxed).newValue
        if let outage = settings.outage {
            let uptime = uptimeNanos()
            if outage.contains(elapsedNanos: uptime > start ? uptime &- start : 0) {
                outageAnswers.add(1, ordering: .relaxed)
                return reply(.unavailable, now: now)
            }
        }
        let failed = fails(call: call)
        if failed { errors.add(1, ordering: .relaxed) }
        let delay = latencyNanos(call: call)
        guard delay > 0 else { return reply(failed ? .unavailable : decide(request, now: now), now: now) }
        AnswerTimers.shared.run(afterNanos: delay) { [self] in
            let answeredAt = now &+ Int64(delay / 1_000_000)
            reply(failed ? .unavailable : decide(request, now: answeredAt), now: answeredAt)
        }
    }

    /// The decision for `request` at `now`: a signed authZ token, or a denial.
    public func decide(_ request: BackendRequest, now: Int64) -> BackendDecision {
        if denies(request) { return .deny }
        let expiresAt = (now &+ settings.authZTTLMillis) / 1000 * 1000
        let body = TokenBody.authz(
            AuthZTokenBody(
                requestorID: request.requestorID,
                resourceID: request.resourceID,
                expires: TokenDate(epochMillis: expiresAt, utcOffsetMinutes: 0),
                msoID: request.msoID,
                fingerprint: request.fingerprint
            )
        )
        guard let token = try? issuer.issue(body) else { return .unavailable }
        return .permit(authZToken: token)
    }

    /// Whether the load's call number `call` (1-based) is an injected error.
    private func fails(call: UInt64) -> Bool {
        let errorRatio = settings.errorRatio
        guard errorRatio > 0 else { return false }
        return unitInterval(SplitMix64.mix(SplitMix64.mix(settings.seed ^ Self.errorStream) &+ call)) < errorRatio
    }

    /// The latency of the load's call number `call`.
    private func latencyNanos(call: UInt64) -> UInt64 {
        let latency = settings.latency
        let seed = settings.seed
        guard latency != .none else { return 0 }
        let u1 = unitInterval(SplitMix64.mix(seed &+ call &* 2))
        let u2 = unitInterval(SplitMix64.mix(seed &+ call &* 2 &+ 1))
        return latency.sample(u1, u2)
    }

    /// Decorrelates the error draws from the latency draws of the same call.
    private static let errorStream: UInt64 = 0xE7707_5EED

    private func unitInterval(_ bits: UInt64) -> Double {
        (Double(bits >> 11) + 0.5) / Double(1 << 53)
    }
}

/// What a ``SimulatedBackend`` did, read together (``SimulatedBackend/stats``): what the simulation
/// injected, beside the engine's own `UpstreamStats` of what it saw.
public struct SimulatedUpstreamStats: Sendable, Equatable {
    /// Every decision asked for, set-up included.
    public var calls: Int
    /// The calls made after ``SimulatedBackend/beginLoad(atUptimeNanos:)``: the load's.
    public var loadCalls: Int
    /// Calls answered `unavailable` by the error draw (``SimulatedBackend/Settings/errorRatio``).
    public var errors: Int
    /// Calls answered `unavailable` because they came during the ``SimulatedBackend/Settings/outage``.
    public var outageAnswers: Int

    /// Counters.
    public init(calls: Int = 0, loadCalls: Int = 0, errors: Int = 0, outageAnswers: Int = 0) {
        self.calls = calls
        self.loadCalls = loadCalls
        self.errors = errors
        self.outageAnswers = outageAnswers
    }
}
