import Dispatch
import Synchronization
import AuthZCore

/// A simulated upstream entitlement backend: waits a latency drawn from a distribution, denies a
/// configurable share of (requestor, resource, MVPD) combinations, and otherwise issues a signed
/// authZ token bound to the caller's fingerprint.
///
/// Decisions are a deterministic function of the seed and the request, so a seeded run asks the
/// same questions and gets the same answers. The latency is a real wait on a Dispatch timer, as a
/// call to a remote service would be: no thread is blocked while it runs, and the answer (and the
/// signing of the authZ token) happens on Dispatch's threads, not the caller's.
public final class SimulatedBackend: Backend {
    /// Signs the authZ tokens.
    public let issuer: TokenIssuer
    /// Lifetime of issued authZ tokens, milliseconds.
    public let authZTTLMillis: Int64
    /// Share of (requestor, resource, MVPD) combinations denied, 0...1.
    public let denyRatio: Double
    /// The simulated upstream latency.
    public let latency: LatencyDistribution
    private let seed: UInt64
    private let draws = Atomic<UInt64>(0)
    private let calls = Atomic<Int>(0)
    /// Monotonic nanoseconds at which the load began; 0 while setting up (see ``beginLoad(atUptimeNanos:)``).
    private let loadStart = Atomic<UInt64>(0)

    /// Creates a backend.
    public init(issuer: TokenIssuer, authZTTLMillis: Int64 = 3_600_000, denyRatio: Double = 0,
        latency: LatencyDistribution = .none, seed: UInt64 = 1)
    {
        precondition((0...1).contains(denyRatio), "deny ratio must be within 0...1")
        self.issuer = issuer
        self.authZTTLMillis = authZTTLMillis
        self.denyRatio = denyRatio
        self.latency = latency
        self.seed = seed
    }

    /// How many decisions were asked for.
    public var callCount: Int { calls.load(ordering: .relaxed) }

    /// Whether this backend denies `request` (deterministic for the seed).
    public func denies(_ request: BackendRequest) -> Bool {
        guard denyRatio > 0 else { return false }
        var hash = StableHash(seed: seed)
        hash.combine(request.requestorID)
        hash.combine(request.resourceID)
        hash.combine(request.msoID)
        return Double(hash.value >> 11) / Double(1 << 53) < denyRatio
    }

    /// Ends the set-up: from now on answers take the simulated latency. Until this is called the
    /// backend answers inline, without latency: set-up (authorizing every device for its
    /// favourites before the load) is not what a run measures.
    ///
    /// - Parameter uptimeNanos: the monotonic time the load began (the reference of scheduled faults).
    public func beginLoad(atUptimeNanos uptimeNanos: UInt64) {
        loadStart.store(max(uptimeNanos, 1), ordering: .releasing)
    }

    /// Whether ``beginLoad(atUptimeNanos:)`` was called.
    public var isUnderLoad: Bool { loadStart.load(ordering: .acquiring) != 0 }

    /// Answers through `reply` after the simulated latency (inline when there is none, or before
    /// the load began): permits with a signed authZ token, or denies.
    public func authorize(_ request: BackendRequest, now: Int64, reply: BackendReply) {
        calls.add(1, ordering: .relaxed)
        let delay = isUnderLoad ? latencyNanos() : 0
        guard delay > 0 else { return reply(decide(request, now: now), now: now) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [self] in
            let answeredAt = now &+ Int64(delay / 1_000_000)
            reply(decide(request, now: answeredAt), now: answeredAt)
        }
    }

    /// The decision for `request` at `now`: a signed authZ token, or a denial.
    public func decide(_ request: BackendRequest, now: Int64) -> BackendDecision {
        if denies(request) { return .deny }
        let expiresAt = (now &+ authZTTLMillis) / 1000 * 1000
        let body = TokenBody.authz(AuthZTokenBody(
            requestorID: request.requestorID, resourceID: request.resourceID,
            expires: TokenDate(epochMillis: expiresAt, utcOffsetMinutes: 0),
            msoID: request.msoID, fingerprint: request.fingerprint))
        guard let token = try? issuer.issue(body) else { return .unavailable }
        return .permit(authZToken: token)
    }

    private func latencyNanos() -> UInt64 {
        guard latency != .none else { return 0 }
        let n = draws.add(1, ordering: .relaxed).newValue
        let u1 = unitInterval(SplitMix64.mix(seed &+ n &* 2))
        let u2 = unitInterval(SplitMix64.mix(seed &+ n &* 2 &+ 1))
        return latency.sample(u1, u2)
    }

    private func unitInterval(_ bits: UInt64) -> Double {
        (Double(bits >> 11) + 0.5) / Double(1 << 53)
    }
}

extension SimulatedBackend {
    /// What a simulated backend is built from, besides its signing key.
    public struct Settings: Sendable, Equatable {
        /// Lifetime of issued authZ tokens, milliseconds.
        public var authZTTLMillis: Int64
        /// Share of (requestor, resource, MVPD) combinations denied, 0...1.
        public var denyRatio: Double
        /// The simulated upstream latency.
        public var latency: LatencyDistribution
        /// Seeds the deny decisions and the latency draws.
        public var seed: UInt64

        /// Settings; the defaults are those of ``SimulatedBackend/init(issuer:authZTTLMillis:denyRatio:latency:seed:)``.
        public init(authZTTLMillis: Int64 = 3_600_000, denyRatio: Double = 0, latency: LatencyDistribution = .none,
            seed: UInt64 = 1)
        {
            self.authZTTLMillis = authZTTLMillis
            self.denyRatio = denyRatio
            self.latency = latency
            self.seed = seed
        }
    }

    /// Creates a backend signing with `issuer` under `settings`.
    public convenience init(issuer: TokenIssuer, settings: Settings) {
        self.init(issuer: issuer, authZTTLMillis: settings.authZTTLMillis, denyRatio: settings.denyRatio,
            latency: settings.latency, seed: settings.seed)
    }
}
