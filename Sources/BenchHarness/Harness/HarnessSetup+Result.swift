import AuthZCore
import Foundation
import HDRHistogram

extension HarnessSetup {
    /// Step three, once every worker finished: the last memory sample, the workers' results and the
    /// intervals (the log ends), merged into the run's result with its validity; the engine's
    /// counters count from the load's start, not the prewarm.
    func collect<TC, AC>(_ launched: Launched, from prepared: Prepared<TC, AC>) -> RunResult {
        let (t0, timing) = (launched.t0, workerTiming())
        let rssSamples = launched.sampler.stop(seconds: Double(MonotonicClock.nanoseconds() &- t0) / 1e9)
        let results = launched.control.collect()
        // Every worker finished: every interval is finalised.
        let collected = launched.collector.drain()
        // A log that cannot be written does not cost the run: the other outputs are still written.
        var logFailure: BenchError?
        if let intervalSink {
            intervalSink.end(intervals: collected.summaries.count, requests: collected.total.requests)
            do throws(BenchError) { try intervalSink.close() } catch { logFailure = error }
        }
        var warmup = LatencyRecorder.Histograms()
        let total = collected.total
        var stages = StageHistograms()
        var tally = RequestTally()
        var lastSend: UInt64 = 0
        var stalls = 0
        var maxInFlight = 0
        var ledger = CompletionLedger()
        for result in results {
            warmup.add(result.latency.warmup)
            stages.add(result.stages)
            tally.add(result.tally)
            lastSend = max(lastSend, result.lastSendNanos)
            stalls += result.stalls
            maxInFlight = max(maxInFlight, result.maxInFlight)
            ledger.add(result.ledger)
        }

        // The measured phase lasts its planned length, unless the generator was still sending
        // scheduled requests after its end (late: saturated). A stall injected at the very end is
        // time of the system under test, not generator lag, so one stall is forgiven.
        let end = t0 &+ timing.warmupNanos &+ timing.durationNanos
        var overshoot = lastSend > end ? lastSend - end : 0
        overshoot = overshoot > timing.stallNanos ? overshoot - timing.stallNanos : 0
        if !timing.isOpenLoop { overshoot = 0 }
        var durationSeconds = Double(timing.durationNanos + overshoot) / 1e9

        var reasons: [String] = []
        if !Environment.isReleaseBuild {
            reasons.append("debug build: figures are not representative (build with swift build -c release)")
        }
        let interrupted = stop.signal.map(StopRequest.name)
        if let interrupted {
            // Stopped early: the measured phase lasted until the request, and no rate was kept or missed.
            let measuredStart = t0 &+ timing.warmupNanos
            let at = stop.requestedAtNanos ?? measuredStart
            durationSeconds = Double(min(at > measuredStart ? at - measuredStart : 0, timing.durationNanos)) / 1e9
            reasons.append(StopRequest.interruptedReason(signal: interrupted, measuredSeconds: durationSeconds))
        } else {
            reasons += Validity.generatorReasons(
                scenario: scenario,
                requests: tally.requests,
                durationSeconds: durationSeconds,
                startLag: total.byKind[.startLag],
                plannedRequests: Self.plannedRequests(
                    WorkerPlan.plans(for: scenario, deviceCounts: prepared.population.slices.map(\.count)),
                    timing: timing,
                    limit: scenario.loop.rate.map { $0 * Double(timing.durationNanos) / 1e9 } ?? 0
                )
            )
        }
        // Exactly once: every parked request completed, none twice.
        reasons += ledger.invalidReasons

        let stats = prepared.engine.stats.since(launched.before)
        var summary = ResultSummary()
        summary.requests = tally.requests
        summary.errors = RequestTally.names(tally.codes, except: .validToken)
        summary.durationSeconds = durationSeconds
        summary.targetRate = scenario.loop.rate
        summary.achievedRate = durationSeconds > 0 ? Double(tally.requests) / durationSeconds : 0
        summary.valid = reasons.isEmpty
        summary.invalidReasons = reasons
        summary.peakRSS = Self.known(ProcessMemory.peakResidentBytes)
        summary.setupRSS = Self.known(launched.setupRSS)
        summary.finalRSS = Self.known(rssSamples.last?.rssBytes ?? 0)
        summary.maxInFlight = maxInFlight
        let failures = ResultSummary.failures(
            RequestTally.names(tally.failures),
            ledgerFaults: ledger.stray + ledger.pendingAtStop
        )
        summary.failures = failures
        summary.failureShare = ResultSummary.share(failures.values.reduce(0, +), of: tally.requests)
        summary.startEpochMillis = launched.startEpochMillis
        summary.interrupted = interrupted
        summary.shard = "\(scenario.shardIndex + 1)/\(scenario.shardCount)"
        summary.scenarioFingerprint = scenario.fingerprint
        let host = ProcessInfo.processInfo.hostName
        summary.host = host.isEmpty ? nil : host
        let sections = RunSections(
            environment: environment,
            scenario: RunResult.scenarioValue(scenario),
            summary: summary,
            cache: CacheSection(
                strategy: scenario.cache.rawValue,
                capacity: scenario.capacity,
                verifiedTokens: stats.verifiedTokens,
                authorizations: stats.authorizations
            ),
            attacks: AttackSection(
                expected: RequestTally.names(tally.attacksExpected),
                unexpected: tally.attacksUnexpected
            ),
            intervals: collected.summaries,
            setupSeconds: prepared.setupSeconds,
            memory: rssSamples.isEmpty
                ? nil : MemorySection(sampleIntervalSeconds: Double(rssSampleNanos) / 1e9, rssSamples: rssSamples),
            upstream: stats.upstream.section,
            prewarm: prepared.prewarm
        )
        var stageHistograms: [String: HDRHistogram] = [:]
        for (stage, histogram) in stages.byStage { stageHistograms[stage.description] = histogram }
        var result = RunResult(
            sections: sections,
            latency: total.byKind,
            warmup: warmup.byKind,
            stages: stageHistograms,
            inFlight: total.inFlight
        )
        result.latencyByOperation = total.byOperation
        result.warmupByOperation = warmup.byOperation
        result.injectedStalls = stalls
        result.intervalLogFailure = logFailure
        if recordsTrace { result.trace = recordedTrace(results) }
        return result
    }

    /// A figure that is 0 when unknown, as nil then.
    static func known(_ bytes: Int) -> Int? { bytes > 0 ? bytes : nil }
}

/// The run's validity rules that judge the load generator rather than the code under test.
package enum Validity {
    /// Why the load generator, not the code under test, limited an open-loop run, one line each
    /// naming the figure; empty when it kept to its schedule, and always in closed loop, which has
    /// no schedule to keep.
    ///
    /// - The achieved rate (`requests` over `durationSeconds`) is below 99% of the target, or of
    ///   the schedule's own rate when it held fewer requests (`plannedRequests`: a shard's slice of
    ///   a `--total-rate` schedule over a short run may hold fewer than rate x duration, or none; a
    ///   slice with nothing to send has saturated nothing).
    /// - Evenly spaced arrivals (not Poisson, whose count varies around the target): more requests
    ///   than the target rate holds in the measured phase (`ceil(target x duration)`): the
    ///   generator ran ahead of its schedule, and the figures are of another load.
    /// - The measured phase's start lag p99 exceeds the scenario's `maxStartLagMicros` (nil: not
    ///   checked): the requests were sent on time often enough to count, but their senders were late.
    package static func generatorReasons(
        scenario: Scenario,
        requests: Int,
        durationSeconds: Double,
        startLag: HDRHistogram?,
        plannedRequests: Int? = nil
    ) -> [String] {
        guard var target = scenario.loop.rate else { return [] }
        var reasons: [String] = []
        let most = (target * durationSeconds * (1 - 1e-9)).rounded(.up)
        if scenario.arrivals == .uniform, Double(requests) > most {
            reasons.append(
                "sent \(requests) requests in the measured phase, above the \(Int(most)) the target "
                    + "\(DurationText.number(target)) req/s holds in \(DurationText.number(durationSeconds)) s: "
                    + "the load generator ran ahead of its schedule"
            )
        }
        if let plannedRequests, durationSeconds > 0 { target = min(target, Double(plannedRequests) / durationSeconds) }
        let achieved = durationSeconds > 0 ? Double(requests) / durationSeconds : 0
        if target > 0, achieved < 0.99 * target {
            reasons.append(
                String(format: "achieved %.0f requests/s, below 99%% of the target %.0f/s: ", achieved, target)
                    + "the load generator saturated (lower --rate or add --threads)"
            )
        }
        if let bound = scenario.maxStartLagMicros, let startLag, startLag.totalCount > 0 {
            let p99 = startLag.value(atPercentile: 99)
            let boundNanos = UInt64(bound) * 1_000
            if p99 > boundNanos {
                reasons.append(
                    "start lag p99 \(LatencyText.duration(p99)) exceeds --max-start-lag "
                        + "\(LatencyText.duration(boundNanos)): the load generator, not the code under test, fell behind "
                        + "(a busy machine, a worker blocked in a call, or too few --threads for the rate)"
                )
            }
        }
        return reasons
    }
}
