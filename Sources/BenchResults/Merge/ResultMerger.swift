import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

/// Adds the histograms of several runs (`run --hlog` interval logs and/or `run --json` results,
/// for example one per shard) into one `RunResult`.
///
/// Before adding, `MergeChecks` reads who wrote each input (`ShardIdentity`: `summary.shard`,
/// `summary.scenarioFingerprint`, the `.hlog` metadata lines) and refuses different scenarios,
/// duplicate shards and, unless allowed, missing or truncated shards. Inputs without that
/// metadata (older files, other tools' logs) still merge; the checks that need it are skipped.
///
/// Rules: histograms are added per kind (and per stage), never percentiles averaged; `requests`,
/// cache counters, errors and attacks are summed; `targetRate` is the sum of the targets (`null`
/// when an input has none). Time: each input's measured window is placed on one timeline
/// (`MergeTimeline`: at its wall-clock start by default, or all at zero with relative alignment);
/// `durationSeconds` is the length of the union of the windows and `achievedRate` the requests over
/// it, so shards that ran together give the sum of their rates and shards that did not give the
/// rate that actually reached the system. `setupSeconds` is the largest; `valid` only when every
/// result input is valid. The scenario is the first result input's without
/// `shardIndex`/`shardCount`, or `{"merged": [files]}` when only `.hlog` files are given (then the
/// environment is this machine's, the cache `unknown`, and no validity verdict is known).
/// Untagged `.hlog` intervals count as response time.
///
/// In flight: the `inFlight` histograms are added, so the merged one is the distribution of what
/// each shard had in flight at its own sends (not the sum over shards at one instant, which no
/// input recorded). `summary.maxInFlight` and `upstream.maxInFlight` are the largest input's, not a
/// sum: the shards peak at different moments, so the whole's true peak lies between the largest
/// shard's and the sum of all of them, and only the lower bound is a value some process actually
/// saw. From `.hlog` inputs alone, `summary.maxInFlight` is the merged histogram's highest value
/// (exact up to 2,047, within its 3 significant digits above). The other upstream counters are
/// summed (each shard has its own engine); `prewarm` sums devices and authorizations and keeps the
/// longest time (shards prewarm side by side).
package struct ResultMerger {
    /// The largest input read (bytes).
    package static let readLimit = 512 << 20

    /// A merged result and what the merge has to say about it.
    package struct Outcome: Sendable {
        /// The merged result (its `shards` section set when the inputs say which shard they are).
        package var result: RunResult
        /// Warnings: different versions, start times spread beyond `--max-skew`.
        package var warnings: [String]
        /// Notes: checks skipped for lack of metadata, an alignment that fell back.
        package var notes: [String]
    }

    private var inputs: [MergeInput] = []
    private var results: [RunResult] = []
    private var latency: [LatencyKind: HDRHistogram] = [:]
    private var logInFlight: HDRHistogram?
    private var logOperations: OperationLatency = [:]
    private var logCount = 0

    /// An empty merger.
    package init() {}

    /// Merges the files at `paths` (each an `.hlog` interval log or a result JSON, told apart by content)
    /// with the default options; see `merge(_:options:)`.
    package static func merge(_ paths: [String]) throws(BenchError) -> RunResult {
        try merge(paths, options: MergeOptions()).result
    }

    /// Merges the files at `paths` with `options`.
    ///
    /// - Throws: `BenchError.invalidSetting` when `paths` is empty; `BenchError.noInput` naming the
    ///   file when an input is missing or not a regular file; `BenchError.badInput` with one line
    ///   naming the file (and the line of an `.hlog`, or the JSON path of a result) when an input is
    ///   empty, truncated mid-line, binary, of another format or gives impossible figures (a negative
    ///   count, a duration not above 0, a time beyond `MergeInput.maxSeconds`), and naming the files
    ///   when `MergeChecks` refuses them.
    package static func merge(_ paths: [String], options: MergeOptions) throws(BenchError) -> Outcome {
        guard !paths.isEmpty else {
            throw .invalidSetting("expected at least one input file (.hlog interval log or result JSON)")
        }
        var merger = ResultMerger()
        for path in paths { try merger.add(path) }
        return try merger.outcome(options: options)
    }

    /// The merge of everything added (at least one input), after `MergeChecks`, with the inputs'
    /// service-level objectives checked on it (see `objectives(results:logInputs:)`).
    ///
    /// - Throws: `BenchError.badInput` naming the files when `MergeChecks` refuses them, or naming
    ///   the file whose `slo` holds an expression that is not an objective.
    package func outcome(options: MergeOptions) throws(BenchError) -> Outcome {
        var findings = try MergeChecks.check(inputs, options: options)
        let timeline = MergeTimeline(inputs, alignment: options.alignment)
        if timeline.fellBack {
            let unknown = inputs.filter { $0.identity.startEpochMillis == nil }.map(\.file)
            findings.notes.append(
                "start time unknown for \(unknown.joined(separator: ", ")): intervals aligned at each input's start"
            )
        }
        var result = result(timeline)
        result.shards = findings.shards
        let (objectives, unchecked) = try Self.objectives(results: results, logInputs: logCount)
        if !objectives.isEmpty { result.slo = objectives.evaluate(result) }
        if let unchecked { findings.warnings.append(unchecked) }
        return Outcome(result: result, warnings: findings.warnings, notes: findings.notes)
    }

    /// Reads one input and adds it: a result JSON whole (at most ``readLimit`` bytes), an `.hlog`
    /// a chunk at a time (one interval held at once, whatever its length).
    ///
    /// - Throws: `BenchError.noInput` when the file is missing or not a regular file (a FIFO would
    ///   block), `BenchError.badInput` as ``merge(_:options:)`` says.
    package mutating func add(_ path: String) throws(BenchError) {
        let file = try MergeInputFile(path)
        defer { file.close() }
        var bytes: [UInt8] = []
        var first: UInt8?
        while first == nil, try file.read(into: &bytes) > 0 {
            first = bytes.first(where: Self.isContent)
            guard bytes.count <= Self.readLimit else { break }
        }
        if first == UInt8(ascii: "{") {
            while bytes.count <= Self.readLimit, try file.read(into: &bytes) > 0 {}
            guard bytes.count <= Self.readLimit else {
                throw .badInput(
                    "merge input \(path): larger than \(Self.readLimit) bytes; expected at most \(Self.readLimit)"
                )
            }
            return try addResult(bytes, file: path, identity: file.identity)
        }
        guard first != nil else { throw Self.empty(path) }
        var reader = MergeLogReader(file: path)
        try reader.feed(bytes[...])
        bytes.removeAll(keepingCapacity: true)
        while try file.read(into: &bytes) > 0 {
            try reader.feed(bytes[...])
            bytes.removeAll(keepingCapacity: true)
        }
        try addLog(&reader, identity: file.identity)
    }

    /// Adds one input given as its bytes (`file` names it in errors), as ``add(_:)`` adds a file's.
    package mutating func add(bytes: [UInt8], file: String) throws(BenchError) {
        guard let first = bytes.first(where: Self.isContent) else { throw Self.empty(file) }
        if first == UInt8(ascii: "{") { return try addResult(bytes, file: file, identity: nil) }
        var reader = MergeLogReader(file: file)
        try reader.feed(bytes[...])
        try addLog(&reader, identity: nil)
    }

    private static func isContent(_ byte: UInt8) -> Bool { ![0x20, 0x09, 0x0A, 0x0D].contains(byte) }

    private static func empty(_ file: String) -> BenchError {
        .badInput("\(file): empty file; expected an .hlog interval log or an authz-bench result JSON")
    }

    private mutating func addResult(_ bytes: [UInt8], file: String, identity: String?) throws(BenchError) {
        let document = try ResultDocument.parse(Data(bytes), file: file)
        var result = try RunResult(document, file: file)
        result.sources = [file]
        var input = try MergeInput.result(document, result: result, file: file)
        input.fileIdentity = identity
        results.append(result)
        inputs.append(input)
    }

    private mutating func addLog(_ reader: inout MergeLogReader, identity: String?) throws(BenchError) {
        var input = try reader.finish()
        input.fileIdentity = identity
        for (kind, histogram) in reader.latency { latency[kind, default: HDRHistogram()].add(histogram) }
        if let inFlight = reader.inFlight { Self.add(inFlight, to: &logInFlight) }
        Self.add(reader.operations, to: &logOperations)
        logCount += 1
        inputs.append(input)
    }

    /// Adds `histogram` to `total`, which starts empty when nil (nil: nothing of the kind was read).
    private static func add(_ histogram: HDRHistogram, to total: inout HDRHistogram?) {
        var sum = total ?? HDRHistogram()
        sum.add(histogram)
        total = sum
    }

    /// Adds every histogram of `operations` to `total`'s.
    private static func add(_ operations: OperationLatency, to total: inout OperationLatency) {
        for (label, histograms) in operations {
            for (kind, histogram) in histograms {
                total[label, default: [:]][kind, default: HDRHistogram()].add(histogram)
            }
        }
    }

    /// The merged result of everything added, on `timeline`.
    private func result(_ timeline: MergeTimeline) -> RunResult {
        let files = inputs.map(\.file)
        let union = timeline.unionSeconds(inputs)
        var summary = ResultSummary()
        summary.requests = inputs.map(\.requests).reduce(0, +)
        summary.durationSeconds = union
        summary.achievedRate = union > 0 ? Double(summary.requests) / union : 0
        let sections = RunSections(
            environment: results.first?.environment ?? Environment.current(),
            scenario: .object(["merged": .array(files.map(JSONValue.string))]),
            summary: summary,
            cache: CacheSection(
                strategy: CacheSection.unknownStrategy,
                capacity: 0,
                verifiedTokens: CacheStats(),
                authorizations: CacheStats()
            ),
            attacks: AttackSection(expected: [:], unexpected: 0),
            intervals: timeline.intervals(inputs),
            setupSeconds: 0
        )
        var merged = RunResult(
            sections: sections,
            latency: latency,
            warmup: [:],
            stages: [:],
            sources: files,
            inFlight: logInFlight
        )
        merged.summary.startEpochMillis = timeline.earliestStartMillis
        let fingerprints = Set(inputs.compactMap(\.identity.fingerprint))
        if fingerprints.count == 1, inputs.allSatisfy({ $0.identity.fingerprint != nil }) {
            merged.summary.scenarioFingerprint = fingerprints.first
        }
        if let logInFlight { merged.summary.maxInFlight = Int(logInFlight.max) }
        if let first = results.first, var members = first.scenario.objectValue {
            members["shardIndex"] = nil
            members["shardCount"] = nil
            merged.scenario = .object(members)
            merged.cache = first.cache
        }
        var targets: [Double] = []
        var operations = logOperations
        var warmupOperations: OperationLatency = [:]
        var verified = CacheStats()
        var authorizations = CacheStats()
        for (index, input) in results.enumerated() {
            let file = input.sources.first ?? "input \(index + 1)"
            for (kind, histogram) in input.latency { merged.latency[kind, default: HDRHistogram()].add(histogram) }
            for (kind, histogram) in input.warmup { merged.warmup[kind, default: HDRHistogram()].add(histogram) }
            for (name, histogram) in input.stages { merged.stages[name, default: HDRHistogram()].add(histogram) }
            Self.add(input.latencyByOperation ?? [:], to: &operations)
            Self.add(input.warmupByOperation ?? [:], to: &warmupOperations)
            for (code, count) in input.summary.errors { merged.summary.errors[code, default: 0] += count }
            if let peak = input.summary.peakRSS {
                merged.summary.peakRSS = Swift.max(merged.summary.peakRSS ?? 0, peak)
            }
            if let target = input.summary.targetRate { targets.append(target) }
            if !input.summary.valid {
                merged.summary.valid = false
                merged.summary.invalidReasons += input.summary.invalidReasons.map { "\(file): \($0)" }
                if input.summary.invalidReasons.isEmpty { merged.summary.invalidReasons.append("\(file): invalid") }
            }
            verified = verified + input.cache.caches.verifiedTokens
            authorizations = authorizations + input.cache.caches.authorizations
            for (code, count) in input.attacks.expected { merged.attacks.expected[code, default: 0] += count }
            merged.attacks.unexpected += input.attacks.unexpected
            merged.setupSeconds = Swift.max(merged.setupSeconds, input.setupSeconds)
            if let inFlight = input.inFlight { Self.add(inFlight, to: &merged.inFlight) }
            if let peak = input.summary.maxInFlight {
                merged.summary.maxInFlight = Swift.max(merged.summary.maxInFlight ?? 0, peak)
            }
            if let upstream = input.upstream { merged.upstream = merged.upstream.map { $0 + upstream } ?? upstream }
            if let prewarm = input.prewarm { merged.prewarm = merged.prewarm.map { $0 + prewarm } ?? prewarm }
        }
        if !results.isEmpty {
            merged.cache = CacheSection(
                strategy: merged.cache.strategy,
                capacity: merged.cache.capacity,
                verifiedTokens: verified,
                authorizations: authorizations
            )
            merged.summary.targetRate = targets.count == results.count && logCount == 0 ? targets.reduce(0, +) : nil
        }
        for kind in LatencyKind.allCases where !kind.isByPath && merged.latency[kind] == nil {
            merged.latency[kind] = HDRHistogram()
        }
        // Per operation only when every input has it: a sum over some inputs would pass for the whole.
        if inputs.allSatisfy(\.recordsByOperation) { merged.latencyByOperation = operations }
        if !results.isEmpty, results.allSatisfy({ $0.warmupByOperation != nil }) {
            merged.warmupByOperation = warmupOperations
        }
        if !inputs.allSatisfy(\.recordsByPath) {
            for kind in LatencyKind.byPath {
                merged.latency[kind] = nil
                merged.warmup[kind] = nil
            }
        }
        // Codes and failures are known only when every input is a result (that told failures
        // apart): `.hlog` files carry no codes, and a sum over the results alone would read as the
        // whole run's.
        merged.summary.codesKnown = logCount == 0 && results.allSatisfy(\.summary.codesKnown)
        if !merged.summary.codesKnown { merged.summary.errors = [:] }
        if merged.summary.codesKnown, results.allSatisfy({ $0.summary.failures != nil }) {
            var failures: [String: Int] = [:]
            for input in results {
                for (code, count) in input.summary.failures ?? [:] { failures[code, default: 0] += count }
            }
            merged.summary.failures = failures
            merged.summary.failureShare = ResultSummary.share(failures.values.reduce(0, +), of: merged.summary.requests)
        }
        return merged
    }
}

/// How `merge` places its inputs in time and what it tolerates.
package struct MergeOptions: Sendable, Equatable {
    /// Where each input's intervals go on the merged timeline.
    package enum Alignment: String, Sendable, CaseIterable {
        /// At the input's wall-clock start (`startEpochMillis`): shards that did not overlap stay apart,
        /// and the rate is over the time some shard was actually measuring.
        case absolute
        /// At the merged timeline's zero: interval k of every input together, as if all had started at
        /// once (repetitions run one after another, for example).
        case relative
    }

    /// The alignment (`--align`, absolute by default).
    package var alignment: Alignment = .absolute
    /// Merge even when shards are missing or truncated (`--allow-missing`); the result says which.
    package var allowMissing = false
    /// The spread of start times beyond which `merge` warns (`--max-skew`, 100 ms by default).
    package var maxSkewMillis: Int64 = 100

    /// The defaults.
    package init(alignment: Alignment = .absolute, allowMissing: Bool = false, maxSkewMillis: Int64 = 100) {
        self.alignment = alignment
        self.allowMissing = allowMissing
        self.maxSkewMillis = maxSkewMillis
    }
}
