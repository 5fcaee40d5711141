import AuthZCore
import AuthZSimulation

/// Keys, backend and engine settings, and directory of a run (before the caches are chosen).
package struct HarnessSetup: Sendable {
    /// What runs; a block of `authz-bench blocks` runs a copy with its own measured phase.
    package internal(set) var scenario: Scenario
    package let algorithm: SignatureAlgorithm
    /// The run's keys, backend settings and engine configuration: what the engine is built from.
    package let deployment: SimulatedDeployment
    package let directory: WorkloadDirectory
    /// What the run is measured on and with, read once at set-up: reading it spawns `git`, which
    /// took ~100 ms, and a session of blocks reports a result per block.
    package let environment: Environment
    /// Whether the workers record the measured requests' trace.
    package var recordsTrace = false
    /// Interval of the resident-set samples (`MemorySampler`), nanoseconds.
    package var rssSampleNanos: UInt64 = 10_000_000_000
    /// The synchronised start (nil: start when ready).
    package var start: StartPlan?
    /// Where completed intervals are streamed (the `.hlog`), if anywhere.
    package var intervalSink: (any IntervalSink)?
    /// Ends the load early when requested.
    package var stop = StopRequest()
    /// The live observer of completed intervals.
    package var onInterval: (@Sendable (IntervalReport) -> Void)?
    /// Measured blocks on demand instead of one measured phase (nil: a run).
    package var blocks: BlockSession?

    /// Generates fresh keys for the scenario's algorithm (HS256: random 32-byte secrets). The
    /// backend has the scenario's log-normal latency (none when the median is 0, constant when the
    /// p99 equals it), error share and outage; the engine its refresh ahead, upstream timeout,
    /// in-flight bound and deny TTL.
    package init(scenario: Scenario) throws {
        self.scenario = scenario
        algorithm = scenario.algorithm
        environment = Environment.current()
        let keys: DeploymentKeys
        do {
            keys = try DeploymentKeys(generating: algorithm)
        } catch {
            throw BenchError.failure("could not generate \(algorithm.rawValue) keys: \(error)")
        }
        directory = WorkloadDirectory(
            requestors: scenario.requestors,
            mvpds: scenario.mvpds,
            resources: scenario.resources
        )
        var configuration = EngineConfiguration()
        configuration.allowedMVPDs = directory.engineAllowList
        if let skew = scenario.skewMillis { configuration.skewMillis = skew }
        configuration.refreshAheadFraction = scenario.refreshAhead
        configuration.upstreamTimeoutMillis = scenario.upstreamTimeoutMillis
        configuration.maxUpstreamInFlight = scenario.upstreamMaxInFlight
        configuration.denyTTLMillis = scenario.denyTTLMillis
        let median = UInt64(scenario.backendMedianMicros) * 1_000
        let p99 = UInt64(scenario.backendP99Micros) * 1_000
        var outage: SimulatedBackend.Outage?
        if let duration = scenario.upstreamOutageMillis, let start = scenario.upstreamOutageAtMillis {
            outage = SimulatedBackend.Outage(startMillis: start, durationMillis: duration)
        }
        let backend = SimulatedBackend.Settings(
            authZTTLMillis: scenario.authZTTLMillis,
            denyRatio: scenario.backendDenyRatio,
            latency: median == 0 ? .none : .logNormal(median: median, p99: max(p99, median)),
            errorRatio: scenario.upstreamErrorRatio,
            outage: outage,
            seed: scenario.seed
        )
        deployment = SimulatedDeployment(keys: keys, backend: backend, configuration: configuration)
    }

    /// The engine settings.
    package var configuration: EngineConfiguration { deployment.configuration }

    /// The replay guard's bound: every media token verified within a token's window at the target
    /// rate (with margin), within 16 Ki...1 Mi; 256 Ki in closed loop. With `--stages` the rate is
    /// their peak, not their mean: the guard must hold the tokens of the busiest window.
    package func replayCapacity() -> Int {
        guard let mean = scenario.loop.rate else { return 262_144 }
        let rate = max(mean, scenario.stages?.map(\.rate).max() ?? 0)
        let share = Double(scenario.mix.verify + scenario.mix.attack) / 100
        let window = Double(configuration.mediaTokenTTLMillis + configuration.skewMillis) / 1_000
        let wanted = rate * share * window * 1.25
        return Int(min(max(wanted, 16_384), 1_048_576))
    }
}
