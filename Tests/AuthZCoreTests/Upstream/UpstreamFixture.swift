import AuthZCore
import AuthZSimulation

/// An engine whose upstream the test answers (a holding `ScriptedBackend`), a manual clock for
/// the timeout sweep, and the decisions a real upstream would make.
struct UpstreamFixture: Sendable {
    static let start: Int64 = 1_800_000_000_000
    typealias Engine = AuthorizationEngine<
        ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>, ScriptedBackend
    >

    let deployment: SimulatedDeployment
    let backend = ScriptedBackend()
    let engine: Engine
    /// Makes the authZ tokens the held calls are answered with.
    let upstream: SimulatedBackend

    init(configure: (inout EngineConfiguration) -> Void = { _ in }, authZTTLMillis: Int64 = 100_000) throws {
        var configuration = EngineConfiguration()
        configuration.sweepsUpstreamTimeouts = false
        configuration.skewMillis = 0
        configure(&configuration)
        let keys = try ShardedFixture.keys()
        deployment = SimulatedDeployment(keys: keys, configuration: configuration)
        engine = deployment.makeEngine(
            tokenCache: ShardedCache(capacity: 4_096),
            authzCache: ShardedCache(capacity: 4_096),
            backend: backend
        )
        upstream = SimulatedBackend(
            issuer: TokenIssuer(key: keys.authZ),
            settings: .init(authZTTLMillis: authZTTLMillis)
        )
    }

    /// Device `n`'s request for `resource`, with a valid token (GUID `guid-n`).
    func request(
        _ n: Int,
        resource: String = "news",
        requestor: String = "NBC",
        mvpd: String = "Comcast",
        expiresAt: Int64 = UpstreamFixture.start + 86_400_000,
        presentedBy other: Int? = nil,
        signer: SigningKey? = nil
    ) throws -> AuthorizationRequest {
        let device = ShardedFixture.device(n)
        let token = try deployment.keys.authNToken(
            for: device,
            requestorID: requestor,
            msoID: mvpd,
            guid: "guid-\(n)",
            expiresAt: expiresAt,
            signer: signer
        )
        return AuthorizationRequest(
            deviceID: ShardedFixture.device(other ?? n),
            authNToken: token.bytes,
            requestorID: requestor,
            resourceID: resource
        )
    }

    /// Answers every held call as the simulated upstream would, at `now`.
    @discardableResult
    func permitAll(now: Int64) -> Int {
        backend.replyToAll(now: now) { upstream.decide($0.request, now: $0.now) }
    }
}

/// Every completion a test expects, by request number: each must arrive exactly once.
final class ExpectedCompletions<Outcome: Sendable>: Sendable {
    private let entries: Locked<[[Outcome]]>

    init(count: Int) {
        entries = Locked(Array(repeating: [], count: count))
    }

    /// The completion of request `index`.
    func completion(_ index: Int) -> CompletionHandler<Outcome> {
        CompletionHandler { [self] outcome in entries.withLock { $0[index].append(outcome) } }
    }

    /// Records an outcome answered inline.
    func inline(_ index: Int, _ outcome: Outcome) {
        entries.withLock { $0[index].append(outcome) }
    }

    /// How many requests completed exactly once, more than once, and never.
    var tally: (once: Int, twice: Int, never: Int) {
        entries.withLock { entries in
            (entries.count { $0.count == 1 }, entries.count { $0.count > 1 }, entries.count { $0.isEmpty })
        }
    }

    /// The outcomes of the requests that completed once.
    var outcomes: [Outcome] { entries.withLock { $0.compactMap { $0.count == 1 ? $0[0] : nil } } }
}
