import AuthZCore
import AuthZSimulation
import Foundation

extension HarnessSetup {
    /// Runs the scenario on these caches: `prepare(engine:progress:)`, then the synchronised start's
    /// check (``MissedStart`` before anything is written) and the interval sink's opening, then
    /// `launch(_:progress:)` and `collect(_:from:)`.
    package func run<
        TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
        AC: CacheStrategy<AuthorizationKey, CachedAuthorization>
    >(
        tokenCache: TC,
        authzCache: AC,
        progress: ((String) -> Void)?
    ) throws -> RunResult {
        let began = MonotonicClock.nanoseconds()
        let prepared = try prepare(
            engine: deployment.makeEngine(tokenCache: tokenCache, authzCache: authzCache),
            progress: progress
        )
        if let blocks { return try measureBlocks(prepared, session: blocks, began: began) }
        // Ready: a process later than the start's grace runs nothing and writes nothing.
        try start?.check()
        try intervalSink?.open()
        let launched = launch(prepared, progress: progress)
        return collect(launched, from: prepared)
    }

    /// What the set-up made: the engine, the media verifier, the authenticator, the population and
    /// how long it took to build (timed, not measured), the prewarm (nil with `--cold`).
    struct Prepared<
        TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
        AC: CacheStrategy<AuthorizationKey, CachedAuthorization>
    > {
        let engine: HarnessEngine<TC, AC>
        let mediaVerifier: MediaTokenVerifier
        let authenticator: Authenticator
        let population: Population
        let setupSeconds: Double
        let prewarm: Prewarm?
    }

    /// The load as it runs, and what was read at its start (t0): the resident set, the engine's
    /// counters, the measured phase's wall-clock start.
    struct Launched {
        let control: RunControl
        let collector: IntervalCollector
        let t0: UInt64
        let sampler: MemorySampler
        let setupRSS: Int
        let before: EngineStats
        let startEpochMillis: Int64
    }

    /// Step one: the engine's companions, the population (timed) and, unless cold, the prewarm.
    func prepare<TC, AC>(engine: HarnessEngine<TC, AC>, progress: ((String) -> Void)?) throws -> Prepared<TC, AC> {
        let mediaVerifier = deployment.makeMediaVerifier(
            replayCapacity: replayCapacity(),
            policy: .dropOldestGeneration
        )
        let authenticator = Authenticator(
            keys: deployment.keys,
            directory: directory,
            ttlMillis: scenario.authNTTLMillis
        )
        progress?(
            "setting up \(Population.localCount(devices: scenario.devices, shardIndex: scenario.shardIndex, shardCount: scenario.shardCount)) devices (\(algorithm.rawValue) tokens, \(scenario.threads) workers)..."
        )
        let setupStart = MonotonicClock.nanoseconds()
        let population: Population
        do {
            population = try Population.build(scenario: scenario, authenticator: authenticator, stop: stop)
        } catch let error as BenchError {
            throw error
        } catch let error as SetupInterrupted {
            throw error
        } catch {
            throw BenchError.failure("could not issue authentication tokens: \(error)")
        }
        let setupSeconds = Double(MonotonicClock.nanoseconds() - setupStart) / 1e9
        progress?(
            String(
                format: "set up in %.2f s, RSS %.0f MiB",
                setupSeconds,
                Double(ProcessMemory.residentBytes) / 1_048_576
            )
        )
        var prewarm: Prewarm?
        if !scenario.cold {
            let devices = population.slices.reduce(0) { $0 + $1.count }
            progress?(
                "prewarming: authorizing \(devices) devices for their \(population.favorites.first?.perDevice ?? 0) favourites..."
            )
            let done = Self.prewarm(
                engine,
                population: population,
                directory: directory,
                clock: SystemClock(),
                stop: stop
            )
            try stop.checkDuringSetUp()
            progress?(String(format: "prewarmed %d authorizations in %.2f s", done.authorizations, done.seconds))
            prewarm = done
        }
        return Prepared(
            engine: engine,
            mediaVerifier: mediaVerifier,
            authenticator: authenticator,
            population: population,
            setupSeconds: setupSeconds,
            prewarm: prewarm
        )
    }

    /// Step two: the workers, released together (at the synchronised start if any: t0), the memory
    /// sampler, and a progress line about once a second until every worker finished.
    func launch<TC, AC>(_ prepared: Prepared<TC, AC>, progress: ((String) -> Void)?) -> Launched {
        let engine = prepared.engine
        let clock = SystemWorkerClock(pacing: scenario.pacing)
        let timing = workerTiming()
        let gauge = InFlightGauge()
        let collector = IntervalCollector(
            workers: scenario.threads,
            durationSeconds: Double(timing.durationNanos) / 1e9,
            sink: intervalSink,
            observer: onInterval,
            gauge: gauge
        )
        let control = RunControl(workers: scenario.threads, intervals: collector, stop: stop)
        let context = WorkerContext(
            target: engine,
            mediaVerifier: prepared.mediaVerifier,
            authenticator: prepared.authenticator,
            directory: directory,
            timing: timing,
            mediaTTLMillis: configuration.mediaTokenTTLMillis,
            clock: clock,
            gauge: gauge,
            control: control
        )
        let population = prepared.population
        let plans = WorkerPlan.plans(for: scenario, deviceCounts: population.slices.map(\.count))
        let candidates = population.kits.map {
            LoadWorker<HarnessEngine<TC, AC>, SystemWorkerClock, NoRequestLog>.mintReplayCandidate(
                kit: $0,
                context: context
            )
        }
        WorkerTeam.launch(
            context: context,
            plans: plans,
            population: population,
            replayCandidates: candidates,
            mix: scenario.mix,
            traces: plans.map { _ in traceBuffer() },
            log: NoRequestLog.self,
            pinned: blocks != nil
        )
        // The resident set right before the load: what the load adds (parked requests) is the
        // difference to the peak.
        var setupRSS = 0
        // The counters before the load: the result reports what the load did, not the prewarm.
        var before = engine.stats
        var startEpochMillis: Int64 = 0
        let plan = start
        if let plan {
            let seconds = Double(plan.epochNanos - StartPlan.wallNanos()) / 1e9
            progress?(String(format: "ready; the load starts at the synchronised start, in %.1f s", max(seconds, 0)))
        }
        let t0 = control.startWhenReady(
            clock: clock,
            at: plan.map { plan in { _ in plan.waitAndMap(stop: stop) { clock.nanoseconds() } } }
        ) { t0 in
            setupRSS = ProcessMemory.residentBytes
            before = engine.stats
            engine.backend.beginLoad(atUptimeNanos: t0)
            startEpochMillis = Self.measuredStartMillis(
                t0: t0,
                plan: plan,
                warmupNanos: timing.warmupNanos,
                monotonicNow: clock.nanoseconds()
            )
            intervalSink?.begin(startEpochMillis: startEpochMillis)
        }
        let sampler = MemorySampler(intervalNanos: rssSampleNanos)
        sampler.start(startNanos: t0)
        while control.finished.wait(timeout: .now() + 1) == .timedOut {
            if let progress { progress(progressLine(control: control, t0: t0, timing: timing, parked: gauge.parked)) }
        }
        return Launched(
            control: control,
            collector: collector,
            t0: t0,
            sampler: sampler,
            setupRSS: setupRSS,
            before: before,
            startEpochMillis: startEpochMillis
        )
    }

    /// The measured requests the open loop's schedules hold for this process (the shard's slice of
    /// a `--total-rate` schedule may hold fewer than rate x duration, or none), counted only while
    /// below `limit` (the count a saturation check compares with): nil in closed loop, or when the
    /// schedules hold at least `limit`.
    static func plannedRequests(_ plans: [WorkerPlan], timing: WorkerTiming, limit: Double) -> Int? {
        guard timing.isOpenLoop, limit > 0, limit < 1_000_000 else { return nil }
        let end = timing.warmupNanos + timing.durationNanos
        var count = 0
        for plan in plans {
            guard var schedule = plan.schedule() else { continue }
            while true {
                let intended = schedule.next()
                if intended >= end { break }
                if intended >= timing.warmupNanos { count += 1 }
                if Double(count) >= limit { return nil }
            }
        }
        return count
    }

    /// The measured phase's wall-clock start, Unix epoch milliseconds: the synchronised start plus
    /// the warm-up when there is one (`plan`), else the wall time of t0 (read now, when the
    /// monotonic clock reads `monotonicNow`) plus the warm-up.
    package static func measuredStartMillis(
        t0: UInt64,
        plan: StartPlan?,
        warmupNanos: UInt64,
        monotonicNow: UInt64
    ) -> Int64 {
        let warmupMillis = Int64(warmupNanos / 1_000_000)
        if let plan { return plan.epochMillis + warmupMillis }
        let wall = StartPlan.wallNanos() + (Int64(bitPattern: t0) - Int64(bitPattern: monotonicNow))
        return wall / 1_000_000 + warmupMillis
    }

    /// The timing plan from the scenario.
    package func workerTiming() -> WorkerTiming {
        let duration = UInt64(scenario.durationMillis) * 1_000_000
        // A parked request ends by the engine's upstream timeout at the latest, found by a sweep
        // every 100 ms at most: a second of margin.
        let drain = UInt64(max(configuration.upstreamTimeoutMillis, 0)) * 1_000_000 + 1_000_000_000
        var timing = WorkerTiming(
            isOpenLoop: scenario.loop.rate != nil,
            warmupNanos: UInt64(scenario.warmupMillis) * 1_000_000,
            durationNanos: duration,
            graceNanos: max(1_000_000_000, duration / 2),
            drainNanos: drain,
            stallNanos: UInt64(scenario.stallMillis ?? 0) * 1_000_000,
            stallPeriodNanos: UInt64(scenario.stallPeriodMillis ?? 0) * 1_000_000,
            stageSample: scenario.stageSample
        )
        timing.injectDelayNanos = WorkerTiming.injectDelays(scenario)
        return timing
    }

    /// One progress line: elapsed time, achieved rate and p99 response time of completed intervals,
    /// and the requests parked on the upstream now.
    package func progressLine(control: RunControl, t0: UInt64, timing: WorkerTiming, parked: Int) -> String {
        let now = MonotonicClock.nanoseconds()
        let elapsed = Double(now &- t0) / 1e9
        let total = Double(timing.warmupNanos + timing.durationNanos) / 1e9
        let inFlight = parked > 0 ? "  \(parked) in flight" : ""
        if now < t0 &+ timing.warmupNanos {
            return String(format: "%5.1f s / %.1f s  warming up", elapsed, total) + inFlight
        }
        let snapshot = control.progress.withLock { progress in
            (progress.requests, progress.response.totalCount > 0 ? progress.response.value(atPercentile: 99) : 0)
        }
        // Workers publish whole seconds: divide by the whole seconds of the measured phase so far.
        let measured = min(now &- t0 &- timing.warmupNanos, timing.durationNanos)
        let seconds = Double(measured / 1_000_000_000)
        let rate = seconds > 0 ? Double(snapshot.0) / seconds : 0
        let target = scenario.loop.rate.map { String(format: " of %.0f", $0) } ?? " (closed loop)"
        return String(format: "%5.1f s / %.1f s  ", elapsed, total) + String(format: "%.0f", rate) + target
            + String(format: " req/s  p99 %.3f ms", Double(snapshot.1) / 1e6) + inFlight
    }
}
