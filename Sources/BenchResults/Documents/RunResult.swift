import AuthZCore
import Foundation
import HDRHistogram
import BenchHarness

/// What the reporters write (console, JSON, `.hgrm`): a run's outcome, or several merged, with the
/// histograms decoded.
///
/// `run` makes one from its `RunOutcome`; `merge` makes one from result files and `.hlog` files.
package struct RunResult: Sendable {
    /// Where it ran.
    package var environment: Environment
    /// The scenario as written in the result (`Scenario` keys plus `loop`), or `{"merged": [files]}`.
    package var scenario: JSONValue
    /// Counts, rates and the validity verdict.
    package var summary: ResultSummary
    /// Measured-phase histograms.
    package var latency: [LatencyKind: HDRHistogram]
    /// Warm-up histograms.
    package var warmup: [LatencyKind: HDRHistogram]
    /// Stage histograms by stage name (`Stage`).
    package var stages: [String: HDRHistogram]
    /// Engine cache figures.
    package var cache: CacheSection
    /// Attack traffic by expected code.
    package var attacks: AttackSection
    /// Requests per interval of the measured phase.
    package var intervals: [IntervalSummary]
    /// Set-up seconds (excluded from measurement).
    package var setupSeconds: Double
    /// The files a merged result came from (empty for a run).
    package var sources: [String] = []
    /// The resident-set curve (nil for merged results).
    package var memory: MemorySection? = nil
    /// Requests in flight at every send of the measured phase (nil when not measured: older files).
    package var inFlight: HDRHistogram? = nil
    /// The engine's upstream calls (nil when not known: older files, `.hlog` inputs).
    package var upstream: UpstreamStats? = nil
    /// The untimed steady-state set-up (nil for a cold start).
    package var prewarm: Prewarm? = nil
    /// The service-level objectives checked after the run (nil when none was given).
    package var slo: [SLOSection]? = nil
    /// Which shards a merged result holds (nil for a run, and when no input said which shard it is).
    package var shards: ShardsSection? = nil

    /// The loop label written into the scenario: `open` or `closed` (nil when unknown).
    package var loop: String? { scenario["loop"]?.stringValue }

    /// The scenario as a `Scenario`, when it is one (not for a merge of `.hlog` files only); a
    /// merged scenario (no `shardIndex`/`shardCount`) reads as the whole population.
    package var typedScenario: Scenario? {
        guard var members = scenario.objectValue, members["merged"] == nil else { return nil }
        if members["shardIndex"] == nil { members["shardIndex"] = .integer(0) }
        if members["shardCount"] == nil { members["shardCount"] = .integer(1) }
        return JSONValue.object(members).decoded(as: Scenario.self)
    }

    /// Whether this is a merge of `.hlog` files only (no scenario, cache or validity known).
    package var isMergedFromLogsOnly: Bool { scenario["merged"] != nil }

    /// The histogram of `kind` (empty when absent).
    package func histogram(_ kind: LatencyKind) -> HDRHistogram { latency[kind] ?? HDRHistogram() }

    /// Whether the result recorded `kind`: the response time by path (`inline`, `parked`) is absent
    /// from results written before it was recorded, and from merges of inputs that lack it, and is
    /// then "not recorded", never zeros.
    package func records(_ kind: LatencyKind) -> Bool { latency[kind] != nil }

    /// Stage names in report order: the hot path's order (`Stage.allCases`), then any other name sorted.
    package var stageNames: [String] {
        let known = Stage.allCases.map(\.description)
        return known.filter { stages[$0] != nil } + stages.keys.filter { !known.contains($0) }.sorted()
    }
}

extension RunResult {
    /// The reportable result of one run.
    package init(_ outcome: RunOutcome) {
        let scenario = outcome.scenario
        var errors: [String: Int] = [:]
        for (code, count) in outcome.codes where code != .validToken && count > 0 { errors[code.rawValue] = count }
        var expected: [String: Int] = [:]
        for (code, count) in outcome.attacks.expected { expected[code.rawValue] = count }
        var stages: [String: HDRHistogram] = [:]
        for (stage, histogram) in outcome.stages { stages[stage.description] = histogram }
        let duration = outcome.durationSeconds
        var summary = ResultSummary(
            requests: outcome.requests, errors: errors, durationSeconds: duration,
            targetRate: scenario.loop.rate,
            achievedRate: duration > 0 ? Double(outcome.requests) / duration : 0,
            valid: outcome.validity.valid, invalidReasons: outcome.validity.reasons,
            peakRSS: outcome.peakRSSBytes > 0 ? outcome.peakRSSBytes : nil,
            setupRSS: outcome.setupRSSBytes > 0 ? outcome.setupRSSBytes : nil,
            finalRSS: outcome.finalRSSBytes > 0 ? outcome.finalRSSBytes : nil,
            maxInFlight: outcome.maxInFlight)
        let failures = outcome.failures.byName
        summary.failures = failures
        summary.failureShare = ResultSummary.share(failures.values.reduce(0, +), of: outcome.requests)
        summary.startEpochMillis = outcome.startEpochMillis
        summary.host = outcome.host.isEmpty ? nil : outcome.host
        summary.interrupted = outcome.interruption?.signal
        summary.shard = "\(scenario.shardIndex + 1)/\(scenario.shardCount)"
        summary.scenarioFingerprint = scenario.fingerprint
        self.init(
            environment: outcome.environment,
            scenario: Self.scenarioValue(scenario),
            summary: summary,
            latency: outcome.latency, warmup: outcome.warmupLatency, stages: stages,
            cache: CacheSection(strategy: outcome.cache.strategy, capacity: outcome.cache.capacity,
                verifiedTokens: outcome.cache.verifiedTokens, authorizations: outcome.cache.authorizations),
            attacks: AttackSection(expected: expected, unexpected: outcome.attacks.unexpected),
            intervals: outcome.intervals,
            setupSeconds: outcome.setupSeconds,
            memory: outcome.rssSamples.isEmpty ? nil
                : MemorySection(sampleIntervalSeconds: outcome.rssSampleSeconds, rssSamples: outcome.rssSamples),
            inFlight: outcome.inFlight, upstream: outcome.upstream.section,
            prewarm: outcome.prewarm)
    }

    /// The scenario's JSON: every stored property (an absent optional written as `null`) plus
    /// `loop`: `open` or `closed`.
    package static func scenarioValue(_ scenario: Scenario) -> JSONValue {
        var members = (try? JSONValue(encoding: scenario))?.objectValue ?? [:]
        for key in Scenario.CodingKeys.allCases where members[key.stringValue] == nil { members[key.stringValue] = .null }
        members["loop"] = .string(scenario.loop == .closed ? "closed" : "open")
        return .object(members)
    }
}
