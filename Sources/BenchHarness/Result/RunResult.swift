import AuthZCore
import HDRHistogram

/// What a run measured, or several runs merged, with the histograms decoded: the one value every
/// output reads (console, JSON, `.hgrm`, `.hlog` metadata, the HTML report, Markdown, BMF,
/// GitHub benchmark, Prometheus).
///
/// `Harness.run` assembles it as the run ends; `merge` makes one from result files and `.hlog`
/// files, and reading a result file gives one back (`BenchResults`).
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
    /// Measured-phase histograms per operation (`OperationLabel.kinds` of each operation with
    /// requests); nil when not recorded (older files, merges of inputs that lack them), never
    /// zeros. Each kind's counts over the operations add up to the total's in `latency`.
    package var latencyByOperation: OperationLatency? = nil
    /// Warm-up histograms per operation (nil like `latencyByOperation`).
    package var warmupByOperation: OperationLatency? = nil
    /// The files a merged result came from (empty for a run).
    package var sources: [String] = []
    /// Requests in flight at every send of the measured phase (nil when not measured: older files).
    package var inFlight: HDRHistogram? = nil
    /// The measured requests' trace, when recorded (`run --record-trace`; not in the result file).
    package var trace: RecordedTrace? = nil
    /// Injected stalls that hit a measured request (`--inject-stall`; not in the result file).
    package var injectedStalls = 0
    /// Why the streamed `.hlog` could not be written to its end, if so (not in the result file).
    package var intervalLogFailure: BenchError? = nil

    /// A result from its sections and histograms.
    package init(
        sections: RunSections,
        latency: [LatencyKind: HDRHistogram],
        warmup: [LatencyKind: HDRHistogram],
        stages: [String: HDRHistogram],
        sources: [String] = [],
        inFlight: HDRHistogram? = nil
    ) {
        self.sections = sections
        self.latency = latency
        self.warmup = warmup
        self.stages = stages
        self.sources = sources
        self.inFlight = inFlight
    }

    /// A section of `sections` by its name: `result.summary`, `result.cache`.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<RunSections, Value>) -> Value {
        get { sections[keyPath: keyPath] }
        set { sections[keyPath: keyPath] = newValue }
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

    /// The measured histogram of `kind` for `operation`: empty when the operation sent nothing,
    /// nil when the result did not record operations apart (``recordsByOperation``).
    package func histogram(_ kind: LatencyKind, of operation: OperationLabel) -> HDRHistogram? {
        guard let byOperation = latencyByOperation else { return nil }
        return byOperation[operation]?[kind] ?? HDRHistogram()
    }

    /// Whether the result recorded its histograms per operation (absent from results written
    /// before they were, and from merges of inputs that lack them: "not recorded", never zeros).
    package var recordsByOperation: Bool { latencyByOperation != nil }

    /// The operations with measured requests, in `OperationLabel` order (empty when not recorded).
    package var operations: [OperationLabel] {
        (latencyByOperation ?? [:]).filter { ($0.value[.responseTime]?.totalCount ?? 0) > 0 }.keys.sorted()
    }

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

/// Histograms per operation, each by kind (`OperationLabel.kinds`).
package typealias OperationLatency = [OperationLabel: [LatencyKind: HDRHistogram]]

extension RunResult {
    /// The scenario's JSON: every stored property (an absent optional written as `null`) plus
    /// `loop`: `open` or `closed`.
    package static func scenarioValue(_ scenario: Scenario) -> JSONValue {
        var members = (try? JSONValue(encoding: scenario))?.objectValue ?? [:]
        for key in WorkloadFlags.fields.flatMap(\.keys) where members[key] == nil { members[key] = .null }
        members["loop"] = .string(scenario.loop == .closed ? "closed" : "open")
        return .object(members)
    }
}
