import AuthZCore
import Foundation
import AuthZSimulation

extension HarnessSetup {
    /// Builds the engine on these caches, sets up the population (timed, not measured), runs the
    /// workers and assembles the outcome.
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
        let setupRSS = ProcessMemory.residentBytes
        progress?(String(format: "set up in %.2f s, RSS %.0f MiB", setupSeconds, Double(setupRSS) / 1_048_576))

        let timing = workerTiming()
        let control = RunControl(workers: scenario.threads)
        let zipf = ZipfSampler(count: scenario.resources, exponent: scenario.zipf)
        for worker in 0..<scenario.threads {
            let devices = population.slices[worker]
            let kit = population.kits[worker]
            let scenario = self.scenario
            let directory = self.directory
            let mediaTTL = configuration.mediaTokenTTLMillis
            let thread = Thread {
                var loadWorker = LoadWorker<TC, AC>(
                    index: worker, threads: scenario.threads, engine: engine, mediaVerifier: mediaVerifier,
                    authenticator: authenticator, directory: directory, kit: kit, timing: timing,
                    mediaTTLMillis: mediaTTL, devices: devices,
                    stream: OperationStream(seed: scenario.seed, shard: scenario.shardIndex, worker: worker,
                        mix: scenario.mix, deviceCount: devices.count, resources: zipf),
                    recorder: LatencyRecorder(recordsStartLag: scenario.loop != .closed), trace: traceBuffer())
                let result = loadWorker.run(control: control)
                control.finish(worker: worker, result)
            }
            thread.stackSize = 1 << 20
            thread.name = "authz-bench-worker-\(worker)"
            thread.start()
        }
        let t0 = control.startWhenReady()
        let sampler = MemorySampler(intervalNanos: rssSampleNanos)
        sampler.start(startNanos: t0)
        let startEpochMillis = SystemClock().nowMillis() + Int64(timing.warmupNanos / 1_000_000) + 20
        while control.finished.wait(timeout: .now() + 1) == .timedOut {
            if let progress { progress(progressLine(control: control, t0: t0, timing: timing)) }
        }
        let rssSamples = sampler.stop(seconds: Double(MonotonicClock.nanoseconds() &- t0) / 1e9)
        let results = control.collect()
        var outcome = assemble(results, engine: engine, t0: t0, timing: timing, setupSeconds: setupSeconds,
            setupRSS: setupRSS, startEpochMillis: startEpochMillis)
        if recordsTrace { outcome.trace = recordedTrace(results) }
        outcome.rssSamples = rssSamples
        outcome.rssSampleSeconds = Double(rssSampleNanos) / 1e9
        return outcome
    }

    /// The timing plan from the scenario.
    package func workerTiming() -> WorkerTiming {
        let duration = UInt64(scenario.durationMillis) * 1_000_000
        return WorkerTiming(
            periodNanos: scenario.loop.rate.map { Double(scenario.threads) / $0 * 1e9 },
            warmupNanos: UInt64(scenario.warmupMillis) * 1_000_000,
            durationNanos: duration,
            graceNanos: max(1_000_000_000, duration / 2),
            stallNanos: UInt64(scenario.stallMillis ?? 0) * 1_000_000,
            stallPeriodNanos: UInt64(scenario.stallPeriodMillis ?? 0) * 1_000_000,
            stageSample: scenario.stageSample)
    }

    /// One progress line: elapsed time, achieved rate and p99 response time of completed intervals.
    package func progressLine(control: RunControl, t0: UInt64, timing: WorkerTiming) -> String {
        let now = MonotonicClock.nanoseconds()
        let elapsed = Double(now &- t0) / 1e9
        let total = Double(timing.warmupNanos + timing.durationNanos) / 1e9
        if now < t0 &+ timing.warmupNanos {
            return String(format: "%5.1f s / %.1f s  warming up", elapsed, total)
        }
        let snapshot = control.progress.withLock { progress in
            (progress.requests, progress.response.totalCount > 0 ? progress.response.value(atPercentile: 99) : 0)
        }
        // Workers publish whole seconds: divide by the whole seconds of the measured phase so far.
        let seconds = Double((now &- t0 &- timing.warmupNanos) / 1_000_000_000)
        let rate = seconds > 0 ? Double(snapshot.0) / seconds : 0
        let target = scenario.loop.rate.map { String(format: " of %.0f", $0) } ?? " (closed loop)"
        return String(format: "%5.1f s / %.1f s  ", elapsed, total) + String(format: "%.0f", rate) + target
            + String(format: " req/s  p99 %.3f ms", Double(snapshot.1) / 1e6)
    }
}
