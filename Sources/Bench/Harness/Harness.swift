import AuthZCore
import Foundation

/// `authz-bench run`: builds the population and the real AuthZCore engine a scenario describes,
/// drives it from worker threads (open loop by default, closed loop on request) and returns
/// everything measured.
///
/// Sharding: with `shardCount` N, this process builds only the devices `g % N == shardIndex` (the
/// slices of N processes are disjoint) and sends `scenario.rate` requests/s itself: `--rate` is the
/// per-process rate, so N processes together send N x rate.
enum Harness {
    /// Runs `scenario`; `progress` receives a one-line status about once per second; the resident
    /// set is sampled every `rssSampleMillis` (`RunOutcome.rssSamples`).
    ///
    /// - Throws: `CLIError` (usage, exit 64) for a scenario that cannot run, naming the flag;
    ///   `CLIError` (failure) when keys or tokens cannot be made.
    static func run(
        _ scenario: Scenario, rssSampleMillis: Int64 = 10_000, progress: ((String) -> Void)?, recordTrace: Bool = false
    ) throws -> RunOutcome {
        try scenario.validate()
        var setup = try HarnessSetup(scenario: scenario)
        setup.recordsTrace = recordTrace
        setup.rssSampleNanos = UInt64(max(rssSampleMillis, 1)) * 1_000_000
        let kind = CacheStrategyKind(rawValue: scenario.cache) ?? .sharded
        let visitor = TokenCacheVisitor(setup: setup, progress: progress)
        return try kind.makeCache(capacity: scenario.capacity, visitor: visitor).get()
    }
}

/// Step one of the engine's construction: the verified-token cache of the chosen strategy.
struct TokenCacheVisitor: CacheStrategyVisitor {
    typealias Key = TokenBytesKey
    typealias Value = VerifiedAuthN
    typealias Result = Swift.Result<RunOutcome, any Error>
    let setup: HarnessSetup
    let progress: ((String) -> Void)?

    func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result where Cache.Key == Key, Cache.Value == Value {
        let kind = CacheStrategyKind(rawValue: setup.scenario.cache) ?? .sharded
        return kind.makeCache(capacity: setup.scenario.capacity,
            visitor: AuthorizationCacheVisitor(setup: setup, progress: progress, tokenCache: cache))
    }
}

/// Step two: the authorization cache of the same strategy, then the run, specialised for both.
struct AuthorizationCacheVisitor<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>>: CacheStrategyVisitor {
    typealias Key = AuthorizationKey
    typealias Value = CachedAuthorization
    typealias Result = Swift.Result<RunOutcome, any Error>
    let setup: HarnessSetup
    let progress: ((String) -> Void)?
    let tokenCache: TC

    func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result where Cache.Key == Key, Cache.Value == Value {
        Result { try setup.run(tokenCache: tokenCache, authzCache: cache, progress: progress) }
    }
}

/// Keys, directory and engine settings of a run (before the caches are chosen).
struct HarnessSetup: Sendable {
    let scenario: Scenario
    let algorithm: SignatureAlgorithm
    let authNKey: SigningKey
    let authZKey: SigningKey
    let mediaKey: SigningKey
    let bindingKey: DeviceBindingKey
    let directory: WorkloadDirectory
    let configuration: EngineConfiguration
    /// Whether the workers record the measured requests' trace.
    var recordsTrace = false
    /// Interval of the resident-set samples (`MemorySampler`), nanoseconds.
    var rssSampleNanos: UInt64 = 10_000_000_000

    /// Generates fresh keys for the scenario's algorithm (HS256: random 32-byte secrets).
    init(scenario: Scenario) throws {
        self.scenario = scenario
        algorithm = SignatureAlgorithm(rawValue: scenario.algorithm) ?? .es256
        do {
            authNKey = try SigningKey.generate(algorithm)
            authZKey = try SigningKey.generate(algorithm)
            mediaKey = try SigningKey.generate(algorithm)
            var random = SystemRandomNumberGenerator()
            bindingKey = try DeviceBindingKey(secret: (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) })
        } catch {
            throw CLIError(message: "could not generate \(algorithm.rawValue) keys: \(error)", exitCode: .failure)
        }
        directory = WorkloadDirectory(requestors: scenario.requestors, mvpds: scenario.mvpds, resources: scenario.resources)
        var configuration = EngineConfiguration()
        configuration.allowedMVPDs = directory.engineAllowList
        if let skew = scenario.skewMillis { configuration.skewMillis = skew }
        self.configuration = configuration
    }

    /// The simulated backend: log-normal latency from the scenario (none when the median is 0).
    func makeBackend() -> SimulatedBackend {
        let median = UInt64(scenario.backendMedianMicros) * 1_000
        let p99 = UInt64(scenario.backendP99Micros) * 1_000
        return SimulatedBackend(
            issuer: TokenIssuer(key: authZKey), authZTTLMillis: scenario.authZTTLMillis,
            denyRatio: scenario.backendDenyRatio,
            latency: median == 0 ? .none : .logNormal(median: median, p99: max(p99, median)), seed: scenario.seed)
    }

    /// The replay guard's bound: every media token verified within a token's window at the target
    /// rate (with margin), within 16 Ki...1 Mi; 256 Ki in closed loop.
    func replayCapacity() -> Int {
        guard let rate = scenario.rate else { return 262_144 }
        let share = Double(scenario.mix.verify + scenario.mix.attack) / 100
        let window = Double(configuration.mediaTokenTTLMillis + configuration.skewMillis) / 1_000
        let wanted = rate * share * window * 1.25
        return Int(min(max(wanted, 16_384), 1_048_576))
    }
}
