import AuthZCore
import AuthZSimulation
import BenchHarness
import Testing

/// `--inject-delay D@OP` in the worker, on a manual clock whose busy wait jumps to its end: the
/// delay lands in the service time of exactly the inline answers of the operation named, and in
/// no other (no real time is measured).
@Suite("--inject-delay D@OP delays only that operation's inline answers", .serialized)
struct InjectDelayWorkerTests {
    /// Half gets, half checks over a few devices, 1,000/s for 100 ms, answered inline (an upstream
    /// without latency), with a delay on the checks only.
    static func scenario(delays: [String: Int64]) -> Scenario {
        var scenario = Scenario()
        scenario.devices = 4
        scenario.threads = 1
        scenario.favorites = 1
        scenario.mix = OperationMix(get: 50, check: 50, verify: 0)
        scenario.loop = .open(rate: 1_000)
        scenario.warmupMillis = 0
        scenario.durationMillis = 100
        scenario.injectDelayNanosByOperation = delays
        return scenario
    }

    @Test(arguments: [["check": 2_000], ["get": 7_000], ["check": 2_000, "get": 7_000]])
    func theDelayIsInTheServiceTimeOfTheNamedOperationOnly(delays: [String: Int64]) throws {
        let scenario = Self.scenario(delays: delays)
        try scenario.validate()
        let world = try WorkerTeamRun<
            AuthorizationEngine<
                ShardedCache<TokenBytesKey, VerifiedAuthN>,
                ShardedCache<AuthorizationKey, CachedAuthorization>, SimulatedBackend
            >, ManualWorkerClock
        >(scenario: scenario)
        let backend = SimulatedBackend(issuer: TokenIssuer(key: world.keys.authZ))
        let clock = ManualWorkerClock(start: 5_000_000_000, epochMillis: SystemClock().nowMillis())
        let requests = world.run(target: world.engine(backend: backend), clock: clock).requests
        // The clock stands still during the engine call: an inline answer's service time is the
        // busy wait it was given, exactly.
        // A miss parks (its service time is the upstream's); the hits after it are inline.
        for kind in [OperationKind.get, .check] {
            let inline = requests.filter { $0.operation.kind == kind && $0.parkedAt == nil }
            #expect(inline.count > 10, "too few \(kind.name) requests answered inline")
            let expected = UInt64(delays[kind.name] ?? 0)
            #expect(inline.allSatisfy { $0.service == expected }, "\(kind.name): \(inline.map(\.service))")
        }
    }
}
