import AuthZCore

extension HarnessSetup {
    /// Merges the workers' results and the intervals collected as they completed (`collected`: the
    /// measured totals and the summaries) into the run's outcome, with the validity verdict; the
    /// engine's counters are reported since `before` (the load's start: warm-up and measured
    /// phase, not the prewarm).
    package func assemble<TC, AC>(
        _ results: [WorkerResult],
        collected: IntervalCollector.Collected,
        engine: HarnessEngine<TC, AC>,
        since before: EngineStats,
        t0: UInt64,
        timing: WorkerTiming,
        setupSeconds: Double,
        setupRSS: Int,
        startEpochMillis: Int64,
        plannedRequests: Int? = nil
    ) -> RunOutcome {
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
        let interruption = stop.signal.map { signal in
            // Stopped early: the measured phase lasted until the request, and no rate was kept or missed.
            let measuredStart = t0 &+ timing.warmupNanos
            let at = stop.requestedAtNanos ?? measuredStart
            let measured = min(at > measuredStart ? at - measuredStart : 0, timing.durationNanos)
            durationSeconds = Double(measured) / 1e9
            return Interruption(signal: StopRequest.name(signal), measuredSeconds: durationSeconds)
        }
        if let interruption {
            reasons.append(interruption.reason)
        } else {
            reasons += Validity.generatorReasons(
                scenario: scenario,
                requests: tally.requests,
                durationSeconds: durationSeconds,
                startLag: total.byKind[.startLag],
                plannedRequests: plannedRequests
            )
        }
        // Exactly once: every parked request completed, none twice.
        reasons += ledger.invalidReasons

        let stats = engine.stats.since(before)
        var outcome = RunOutcome(
            scenario: scenario,
            environment: Environment.current(),
            startEpochMillis: startEpochMillis,
            setupSeconds: setupSeconds,
            durationSeconds: durationSeconds,
            requests: tally.requests,
            codes: RequestTally.byCode(tally.codes),
            failures: Failures(
                codes: RequestTally.byCode(tally.failures),
                ledgerFaults: ledger.stray + ledger.pendingAtStop
            ),
            attacks: AttackTally(
                expected: RequestTally.byCode(tally.attacksExpected),
                unexpected: tally.attacksUnexpected
            ),
            latency: total.byKind,
            warmupLatency: warmup.byKind,
            intervals: collected.summaries,
            stages: stages.byStage,
            cache: CacheReport(
                strategy: scenario.cache.rawValue,
                capacity: scenario.capacity,
                verifiedTokens: stats.verifiedTokens,
                authorizations: stats.authorizations
            ),
            validity: Validity(valid: reasons.isEmpty, reasons: reasons),
            peakRSSBytes: ProcessMemory.peakResidentBytes,
            setupRSSBytes: setupRSS,
            injectedStalls: stalls,
            inFlight: total.inFlight,
            maxInFlight: maxInFlight,
            upstream: stats.upstream
        )
        outcome.interruption = interruption
        return outcome
    }
}
