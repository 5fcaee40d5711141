import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

/// What the reporters write (console, JSON, `.hgrm`): a run's outcome, or several merged, with the
/// histograms decoded.
///
/// `run` makes one from its `RunOutcome`; `merge` makes one from result files and `.hlog` files.
@dynamicMemberLookup
package struct RunResult: Sendable {
    /// The sections the result file holds as they are (`environment`, `scenario`, `summary`,
    /// `cache`, ...); read and written through `subscript(dynamicMember:)` as `result.summary`.
    package var sections: RunSections
    /// Measured-phase histograms.
    package var latency: [LatencyKind: HDRHistogram]
    /// Warm-up histograms.
    package var warmup: [LatencyKind: HDRHistogram]
    /// Stage histograms by stage name (`Stage`).
    package var stages: [String: HDRHistogram]
    /// The files a merged result came from (empty for a run).
    package var sources: [String] = []
    /// Requests in flight at every send of the measured phase (nil when not measured: older files).
    package var inFlight: HDRHistogram? = nil

    /// A section of `sections` by its name: `result.summary`, `result.cache`.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<RunSections, Value>) -> Value {
        get { sections[keyPath: keyPath] }
        set { sections[keyPath: keyPath] = newValue }
        // In place: with only `get` and `set`, a change through the member (`summary.errors[code]
        // += n`) copies the section out and back, and its dictionaries whole each time.
        _modify { yield &sections[keyPath: keyPath] }
    }

    /// The loop label written into the scenario: `open` or `closed` (nil when unknown).
    package var loop: String? { sections.scenario["loop"]?.stringValue }

    /// The scenario as a `Scenario`, when it is one (not for a merge of `.hlog` files only); a
    /// merged scenario (no `shardIndex`/`shardCount`) reads as the whole population.
    package var typedScenario: Scenario? {
        guard var members = sections.scenario.objectValue, members["merged"] == nil else { return nil }
        if members["shardIndex"] == nil { members["shardIndex"] = .integer(0) }
        if members["shardCount"] == nil { members["shardCount"] = .integer(1) }
        return JSONValue.object(members).decoded(as: Scenario.self)
    }

    /// Whether this is a merge of `.hlog` files only (no scenario, cache or validity known).
    package var isMergedFromLogsOnly: Bool { sections.scenario["merged"] != nil }

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
            requests: outcome.requests,
            errors: errors,
            durationSeconds: duration,
            targetRate: scenario.loop.rate,
            achievedRate: duration > 0 ? Double(outcome.requests) / duration : 0,
            valid: outcome.validity.valid,
            invalidReasons: outcome.validity.reasons,
            peakRSS: outcome.peakRSSBytes > 0 ? outcome.peakRSSBytes : nil,
            setupRSS: outcome.setupRSSBytes > 0 ? outcome.setupRSSBytes : nil,
            finalRSS: outcome.finalRSSBytes > 0 ? outcome.finalRSSBytes : nil,
            maxInFlight: outcome.maxInFlight
        )
        let failures = outcome.failures.byName
        summary.failures = failures
        summary.failureShare = ResultSummary.share(failures.values.reduce(0, +), of: outcome.requests)
        summary.startEpochMillis = outcome.startEpochMillis
        summary.host = outcome.host.isEmpty ? nil : outcome.host
        summary.interrupted = outcome.interruption?.signal
        summary.shard = "\(scenario.shardIndex + 1)/\(scenario.shardCount)"
        summary.scenarioFingerprint = scenario.fingerprint
        let sections = RunSections(
            environment: outcome.environment,
            scenario: Self.scenarioValue(scenario),
            summary: summary,
            cache: CacheSection(
                strategy: outcome.cache.strategy,
                capacity: outcome.cache.capacity,
                verifiedTokens: outcome.cache.verifiedTokens,
                authorizations: outcome.cache.authorizations
            ),
            attacks: AttackSection(expected: expected, unexpected: outcome.attacks.unexpected),
            intervals: outcome.intervals,
            setupSeconds: outcome.setupSeconds,
            memory: outcome.rssSamples.isEmpty
                ? nil
                : MemorySection(sampleIntervalSeconds: outcome.rssSampleSeconds, rssSamples: outcome.rssSamples),
            upstream: outcome.upstream.section,
            prewarm: outcome.prewarm
        )
        self.init(
            sections: sections,
            latency: outcome.latency,
            warmup: outcome.warmupLatency,
            stages: stages,
            inFlight: outcome.inFlight
        )
    }

    /// The scenario's JSON: every stored property (an absent optional written as `null`) plus
    /// `loop`: `open` or `closed`.
    package static func scenarioValue(_ scenario: Scenario) -> JSONValue {
        var members = (try? JSONValue(encoding: scenario))?.objectValue ?? [:]
        for key in Scenario.CodingKeys.allCases where members[key.stringValue] == nil {
            members[key.stringValue] = .null
        }
        members["loop"] = .string(scenario.loop == .closed ? "closed" : "open")
        return .object(members)
    }
}
