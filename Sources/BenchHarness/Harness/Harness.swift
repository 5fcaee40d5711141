import AuthZCore
import AuthZSimulation
import Foundation

/// `authz-bench run`: builds the population and the real AuthZCore engine a scenario describes,
/// drives it from worker threads (open loop by default, closed loop on request) and returns
/// everything measured, as the run's result (``RunResult``).
///
/// Sharding: with `shardCount` N, this process builds only the devices `g % N == shardIndex` (the
/// slices of N processes are disjoint) and sends the open loop's rate (`scenario.loop`) itself: `--rate` is the
/// per-process rate, so N processes together send N x rate.
package enum Harness {
    /// Runs `scenario`; `progress` receives a one-line status about once per second; the resident
    /// set is sampled every `rssSampleMillis` (the result's `memory`).
    ///
    /// - Parameters:
    ///   - scenario: what to run.
    ///   - rssSampleMillis: the interval of the resident-set samples.
    ///   - progress: receives a one-line status about once per second (nil: none).
    ///   - recordTrace: whether the workers record the measured requests' trace.
    ///   - start: a synchronised start (`--start-at`): set up, then wait until its time, which
    ///     becomes t0 (the start of the warm-up); nil starts as soon as the workers are ready.
    ///   - intervalSink: where each completed 1-second interval goes, merged over workers, as soon
    ///     as every worker has moved past it (the streamed `.hlog`); opened after the start check,
    ///     ended and closed when the run ended normally.
    ///   - stop: ends the load early when requested (``StopRequest``, a signal): what was measured
    ///     is returned, marked interrupted and invalid.
    ///   - onInterval: a live observer of the same intervals (in order, once each, on one serial
    ///     queue off the workers' threads, after the sink wrote them): the interval's merged
    ///     response, service and in-flight histograms, its result codes, and the requests parked
    ///     at that moment. It must return quickly (the next interval waits for it) and must not
    ///     keep the histograms longer than it needs: the run does not.
    ///   - blocks: measured blocks on demand (``BlockSession``) instead of the scenario's measured
    ///     phase: the result is the last block's.
    /// - Throws: `BenchError` (`invalidSetting`) for a scenario that cannot run, naming the setting;
    ///   `BenchError` (`failure`) when keys or tokens cannot be made; the sink's when it cannot be
    ///   opened (a write that fails later is `RunResult.intervalLogFailure`: the run goes on);
    ///   ``MissedStart`` when the process was ready only after `start` plus its grace (nothing
    ///   was run, the sink was not opened).
    package static func run(
        _ scenario: Scenario,
        rssSampleMillis: Int64 = 10_000,
        progress: ((String) -> Void)?,
        recordTrace: Bool = false,
        start: StartPlan? = nil,
        intervalSink: (any IntervalSink)? = nil,
        stop: StopRequest = StopRequest(),
        onInterval: (@Sendable (IntervalReport) -> Void)? = nil,
        blocks: BlockSession? = nil
    ) throws -> RunResult {
        try scenario.validate()
        // Already late: fail before the set-up.
        try start?.check()
        var setup = try HarnessSetup(scenario: scenario)
        setup.recordsTrace = recordTrace
        setup.rssSampleNanos = UInt64(max(rssSampleMillis, 1)) * 1_000_000
        setup.start = start
        setup.intervalSink = intervalSink
        setup.stop = stop
        setup.onInterval = onInterval
        setup.blocks = blocks
        let kind = scenario.cache
        let visitor = TokenCacheVisitor(setup: setup, progress: progress)
        return try kind.makeCache(capacity: scenario.capacity, visitor: visitor).get()
    }
}

/// Step one of the engine's construction: the verified-token cache of the chosen strategy.
package struct TokenCacheVisitor: CacheStrategyVisitor {
    package typealias Key = TokenBytesKey
    package typealias Value = VerifiedAuthN
    package typealias Result = Swift.Result<RunResult, any Error>
    package let setup: HarnessSetup
    package let progress: ((String) -> Void)?

    package func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result where Cache.Key == Key, Cache.Value == Value {
        let kind = setup.scenario.cache
        return kind.makeCache(
            capacity: setup.scenario.capacity,
            visitor: AuthorizationCacheVisitor(setup: setup, progress: progress, tokenCache: cache)
        )
    }
}

/// Step two: the authorization cache of the same strategy, then the run, specialised for both.
package struct AuthorizationCacheVisitor<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>>: CacheStrategyVisitor {
    package typealias Key = AuthorizationKey
    package typealias Value = CachedAuthorization
    package typealias Result = Swift.Result<RunResult, any Error>
    package let setup: HarnessSetup
    package let progress: ((String) -> Void)?
    package let tokenCache: TC

    package func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result where Cache.Key == Key, Cache.Value == Value {
        Result { try setup.run(tokenCache: tokenCache, authzCache: cache, progress: progress) }
    }
}
