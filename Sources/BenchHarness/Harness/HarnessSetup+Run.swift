import AuthZCore
import Foundation
import AuthZSimulation

extension HarnessSetup {
    /// Builds the engine on these caches, sets up the population (timed, not measured), authorizes
    /// every device for its favourites unless the run starts cold (untimed, shown), runs the
    /// workers on their Dispatch queues and assembles the outcome.
    package func run<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>, AC: CacheStrategy<AuthorizationKey, CachedAuthorization>>(
        tokenCache: TC, authzCache: AC, progress: ((String) -> Void)?
    ) throws -> RunOutcome {
        let engine: HarnessEngine<TC, AC> = deployment.makeEngine(tokenCache: tokenCache, authzCache: authzCache)
        let mediaVerifier = deployment.makeMediaVerifier(replayCapacity: replayCapacity(), policy: .dropOldestGeneration)
        let authenticator = Authenticator(keys: deployment.keys, directory: directory, ttlMillis: scenario.authNTTLMillis)

        progress?("setting up \(Population.localCount(devices: scenario.devices, shardIndex: scenario.shardIndex, shardCount: scenario.shardCount)) devices (\(algorithm.rawValue) tokens, \(scenario.threads) workers)...")
        let setupStart = MonotonicClock.nanoseconds()
        let population: Population
        do {
            population = try Population.build(scenario: scenario, authenticator: authenticator)
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError.failure("could not issue authentication tokens: \(error)")
        }
        let setupSeconds = Double(MonotonicClock.nanoseconds() - setupStart) / 1e9
        progress?(String(format: "set up in %.2f s, RSS %.0f MiB", setupSeconds, Double(ProcessMemory.residentBytes) / 1_048_576))

        var prewarm: Prewarm?
        if !scenario.cold {
            let devices = population.slices.reduce(0) { $0 + $1.count }
            progress?("prewarming: authorizing \(devices) devices for their \(population.favorites.first?.perDevice ?? 0) favourites...")
            let done = Self.prewarm(engine, population: population, directory: directory, clock: SystemClock())
            progress?(String(format: "prewarmed %d authorizations in %.2f s", done.authorizations, done.seconds))
            prewarm = done
        }

        let clock = SystemWorkerClock()
        let timing = workerTiming()
        let control = RunControl(workers: scenario.threads)
        let gauge = InFlightGauge()
        let context = WorkerContext(
            target: engine, mediaVerifier: mediaVerifier, authenticator: authenticator, directory: directory,
            timing: timing, mediaTTLMillis: configuration.mediaTokenTTLMillis, clock: clock, gauge: gauge,
            control: control)
        let plans = WorkerPlan.plans(for: scenario, deviceCounts: population.slices.map(\.count))
        let candidates = population.kits.map {
            LoadWorker<HarnessEngine<TC, AC>, SystemWorkerClock, NoRequestLog>.mintReplayCandidate(kit: $0, context: context)
        }
        WorkerTeam.launch(context: context, plans: plans, population: population, replayCandidates: candidates,
            mix: scenario.mix, traces: plans.map { _ in traceBuffer() }, log: NoRequestLog.self)
        // The resident set right before the load: what the load adds (parked requests) is the
        // difference to the peak.
        var setupRSS = 0
        // The counters before the load: the result reports what the load did, not the prewarm.
        var before = engine.stats
        let t0 = control.startWhenReady(clock: clock) { t0 in
            setupRSS = ProcessMemory.residentBytes
            before = engine.stats
            engine.backend.beginLoad(atUptimeNanos: t0)
        }
        let sampler = MemorySampler(intervalNanos: rssSampleNanos)
        sampler.start(startNanos: t0)
        let startEpochMillis = SystemClock().nowMillis() + Int64(timing.warmupNanos / 1_000_000) + 20
        while control.finished.wait(timeout: .now() + 1) == .timedOut {
            if let progress { progress(progressLine(control: control, t0: t0, timing: timing, parked: gauge.parked)) }
        }
        let rssSamples = sampler.stop(seconds: Double(MonotonicClock.nanoseconds() &- t0) / 1e9)
        let results = control.collect()
        var outcome = assemble(results, engine: engine, since: before, t0: t0, timing: timing,
            setupSeconds: setupSeconds, setupRSS: setupRSS, startEpochMillis: startEpochMillis)
        outcome.prewarm = prewarm
        if recordsTrace { outcome.trace = recordedTrace(results) }
        outcome.rssSamples = rssSamples
        outcome.rssSampleSeconds = Double(rssSampleNanos) / 1e9
        return outcome
    }

    /// The timing plan from the scenario.
    package func workerTiming() -> WorkerTiming {
        let duration = UInt64(scenario.durationMillis) * 1_000_000
        // A parked request ends by the engine's upstream timeout at the latest, found by a sweep
        // every 100 ms at most: a second of margin.
        let drain = UInt64(max(configuration.upstreamTimeoutMillis, 0)) * 1_000_000 + 1_000_000_000
        return WorkerTiming(
            isOpenLoop: scenario.loop.rate != nil,
            warmupNanos: UInt64(scenario.warmupMillis) * 1_000_000,
            durationNanos: duration,
            graceNanos: max(1_000_000_000, duration / 2),
            drainNanos: drain,
            stallNanos: UInt64(scenario.stallMillis ?? 0) * 1_000_000,
            stallPeriodNanos: UInt64(scenario.stallPeriodMillis ?? 0) * 1_000_000,
            stageSample: scenario.stageSample)
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
