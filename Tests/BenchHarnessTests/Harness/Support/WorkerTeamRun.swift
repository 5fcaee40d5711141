import AuthZCore
import AuthZSimulation
import BenchHarness

/// A run of the harness's workers over a target the test builds (a scripted upstream, a faulty
/// engine) and a clock it drives, without the rest of `Harness.run`.
struct WorkerTeamRun<Target: LoadTarget, Clock: WorkerClock> {
    /// What the workers measured, and every request each recorded.
    struct Outcome {
        var results: [WorkerResult]
        var logs: [CollectedRequestLog]
        /// The measured intervals the workers handed over: totals and summaries.
        var intervals: IntervalCollector.Collected

        /// Every logged request of every worker.
        var requests: [LoggedRequest] { logs.flatMap(\.requests) }

        /// The workers' tallies, added: the run's totals.
        var tally: RequestTally {
            results.reduce(into: RequestTally()) { $0.add($1.tally) }
        }

        /// The workers' ledgers, added.
        var ledger: CompletionLedger {
            results.reduce(into: CompletionLedger()) { $0.add($1.ledger) }
        }
    }

    let scenario: Scenario
    let keys: DeploymentKeys
    let directory: WorkloadDirectory
    let population: Population

    /// The world of `scenario` (HS256 keys, so it is quick): names, keys and the population.
    init(scenario: Scenario) throws {
        self.scenario = scenario
        keys = try DeploymentKeys(generating: .hs256)
        directory = WorkloadDirectory(
            requestors: scenario.requestors,
            mvpds: scenario.mvpds,
            resources: scenario.resources
        )
        let authenticator = Authenticator(keys: keys, directory: directory, ttlMillis: scenario.authNTTLMillis)
        population = try Population.build(scenario: scenario, authenticator: authenticator)
    }

    /// The engine configuration of the world: its allowed lists, no timeout sweep (nothing
    /// happens that the test does not trigger).
    var configuration: EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.allowedMVPDs = directory.engineAllowList
        configuration.sweepsUpstreamTimeouts = false
        return configuration
    }

    /// An engine of the world over `backend`.
    func engine<Upstream: Backend>(
        backend: Upstream
    )
        -> AuthorizationEngine<
            ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>, Upstream
        >
    {
        AuthorizationEngine(
            authNKey: keys.authN.verifyingKey,
            authZKey: keys.authZ.verifyingKey,
            bindingKey: keys.binding,
            mediaSigningKey: keys.media,
            tokenCache: ShardedCache(capacity: 4_096),
            authzCache: ShardedCache(capacity: 4_096),
            backend: backend,
            configuration: configuration
        )
    }

    /// Runs the workers of `scenario` against `target` on `clock`: `atStart` runs on the test's
    /// thread just before the workers start (with t0), `script` right after; returns when every
    /// worker finished.
    func run(
        target: Target,
        clock: Clock,
        drainNanos: UInt64 = 10_000_000_000,
        atStart: (UInt64) -> Void = { _ in },
        script: (UInt64) -> Void = { _ in }
    ) -> Outcome {
        var timing = WorkerTiming(
            isOpenLoop: scenario.loop.rate != nil,
            warmupNanos: UInt64(scenario.warmupMillis) * 1_000_000,
            durationNanos: UInt64(scenario.durationMillis) * 1_000_000,
            graceNanos: 1_000_000_000,
            drainNanos: drainNanos
        )
        timing.injectDelayNanos = WorkerTiming.injectDelays(scenario)
        let control = RunControl(workers: scenario.threads)
        let context = WorkerContext(
            target: target,
            mediaVerifier: MediaTokenVerifier(key: keys.media.verifyingKey, replayGuard: ReplayGuard(capacity: 4_096)),
            authenticator: Authenticator(keys: keys, directory: directory, ttlMillis: scenario.authNTTLMillis),
            directory: directory,
            timing: timing,
            mediaTTLMillis: 300_000,
            clock: clock,
            gauge: InFlightGauge(),
            control: control
        )
        let plans = WorkerPlan.plans(for: scenario, deviceCounts: population.slices.map(\.count))
        let logs = Locked<[CollectedRequestLog]>(Array(repeating: CollectedRequestLog(), count: scenario.threads))
        WorkerTeam.launch(
            context: context,
            plans: plans,
            population: population,
            replayCandidates: plans.map { _ in nil },
            mix: scenario.mix,
            traces: plans.map { _ in .disabled },
            log: CollectedRequestLog.self,
            finished: { worker, log in logs.withLock { $0[worker] = log } }
        )
        let t0 = control.startWhenReady(clock: clock, beforeStart: atStart)
        script(t0)
        control.finished.wait()
        return Outcome(results: control.collect(), logs: logs.withLock { $0 }, intervals: control.intervals.drain())
    }
}

/// A log that keeps every request.
struct CollectedRequestLog: RequestLog {
    static var isEnabled: Bool { true }
    /// The requests, in the order the worker completed them.
    private(set) var requests: [LoggedRequest] = []

    mutating func append(_ request: LoggedRequest) { requests.append(request) }
}
