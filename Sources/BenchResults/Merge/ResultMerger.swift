import AuthZCore
import Foundation
import HDRHistogram
import BenchHarness

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
    /// - Throws: `BenchError.invalidSetting` when `paths` is empty; `BenchError.badInput` with one line naming the
    ///   file (and the line of an `.hlog`, or the JSON path of a result) when an input is missing,
    ///   empty, truncated mid-line, binary or of another format, and naming the files when
    ///   `MergeChecks` refuses them.
    package static func merge(_ paths: [String], options: MergeOptions) throws(BenchError) -> Outcome {
        guard !paths.isEmpty else { throw .invalidSetting("expected at least one input file (.hlog interval log or result JSON)") }
        var merger = ResultMerger()
        for path in paths { try merger.add(path) }
        var findings = try MergeChecks.check(merger.inputs, options: options)
        let timeline = MergeTimeline(merger.inputs, alignment: options.alignment)
        if timeline.fellBack {
            let unknown = merger.inputs.filter { $0.identity.startEpochMillis == nil }.map(\.file)
            findings.notes.append("start time unknown for \(unknown.joined(separator: ", ")): intervals aligned at each input's start")
        }
        var result = merger.result(timeline)
        result.shards = findings.shards
        return Outcome(result: result, warnings: findings.warnings, notes: findings.notes)
    }

    /// Reads one input and adds it.
    package mutating func add(_ path: String) throws(BenchError) {
        let bytes = try InputFile.read(path, limit: Self.readLimit, what: "merge input")
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .badInput("\(path): empty file; expected an .hlog interval log or an authz-bench result JSON")
        }
        if first == UInt8(ascii: "{") {
            let document = try ResultDocument.parse(Data(bytes), file: path)
            var result = try RunResult(document, file: path)
            result.sources = [path]
            results.append(result)
            inputs.append(try Self.input(document, result: result, file: path))
            return
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw .badInput("\(path): binary data; expected an .hlog interval log (text) or an authz-bench result JSON")
        }
        try addLog(text, file: path)
    }

    private static func input(_ document: ResultDocument, result: RunResult, file: String) throws(BenchError) -> MergeInput {
        var identity = ShardIdentity()
        let summary = document.summary
        if let shard = summary.shard {
            guard let parsed = ShardIdentity.parseShard(shard) else {
                throw .badInput("\(file): $.summary.shard: expected I/N (1-based), got \"\(shard)\"")
            }
            identity.shard = parsed.index
            identity.shardCount = parsed.count
        }
        identity.fingerprint = summary.scenarioFingerprint
        identity.version = document.version
        identity.host = summary.host
        identity.startEpochMillis = summary.startEpochMillis
        identity.scenario = document.scenario
        return MergeInput(file: file, isResult: true, identity: identity, requests: summary.requests,
            window: (0, summary.durationSeconds),
            intervals: result.intervals.map { .init(start: $0.startSeconds, length: $0.lengthSeconds, requests: $0.requests) },
            truncation: nil, recordsByPath: LatencyKind.byPath.allSatisfy(result.records))
    }

    private mutating func addLog(_ text: String, file: String) throws(BenchError) {
        var body = text
        // A killed writer may leave half a line: drop it when the log can say it is truncated.
        if !text.hasSuffix("\n"), text.contains("\n#[authz-bench-run: "), !text.contains("\n#[authz-bench-end: "),
            let lastBreak = text.lastIndex(of: "\n")
        {
            body = String(text[...lastBreak])
        }
        let log: HDRLog
        do {
            log = try HDRLog(parsing: body)
        } catch {
            throw .badInput("\(file): line \(error.line): \(error.message); expected an .hlog interval log (format 1.3)")
        }
        let metadata = try LogMetadata(log, file: file)
        guard !log.entries.isEmpty || metadata.hasRunLine else {
            throw .badInput("\(file): no interval histograms; expected an .hlog interval log (format 1.3) or a result JSON")
        }
        var intervals: [MergeInput.Interval] = []
        var start = Double.infinity
        var end = 0.0
        for entry in log.entries {
            let kind: LatencyKind
            if entry.tag == HistogramFiles.inFlightTag {
                Self.add(entry.histogram, to: &logInFlight)
                continue
            }
            if let tag = entry.tag {
                guard let known = LatencyKind(rawValue: tag) else {
                    let line = Self.lineNumber(of: "Tag=\(tag),", in: text)
                    let tags = LatencyKind.allCases.map(\.rawValue) + [HistogramFiles.inFlightTag]
                    throw .badInput("\(file): line \(line): unknown tag \(tag); expected one of \(tags.joined(separator: ", "))")
                }
                kind = known
            } else {
                kind = .responseTime
            }
            latency[kind, default: HDRHistogram()].add(entry.histogram)
            start = Swift.min(start, entry.startSeconds)
            end = Swift.max(end, entry.startSeconds + entry.lengthSeconds)
            if kind == .responseTime {
                intervals.append(.init(start: entry.startSeconds, length: entry.lengthSeconds, requests: Int(entry.histogram.totalCount)))
            }
        }
        var truncation: (intervals: Int, planned: Int)?
        if metadata.hasRunLine {
            // Planned seconds to the millisecond first, so 20.000 written as 20.0000001 still plans 20.
            let planned = metadata.identity.plannedSeconds.map { Int((($0 * 1000).rounded() / 1000).rounded(.up)) }
            let expected = Swift.max(planned ?? intervals.count, metadata.endIntervals ?? 0)
            if metadata.endIntervals == nil || intervals.count < expected {
                truncation = (intervals.count, expected)
            }
        }
        logCount += 1
        let tags = Set(log.entries.compactMap(\.tag))
        inputs.append(MergeInput(file: file, isResult: false, identity: metadata.identity,
            requests: intervals.map(\.requests).reduce(0, +), window: start <= end ? (start, end) : (0, 0),
            intervals: intervals, truncation: truncation,
            recordsByPath: LatencyKind.byPath.allSatisfy { tags.contains($0.rawValue) }))
    }

    /// Adds `histogram` to `total`, which starts empty when nil (nil: nothing of the kind was read).
    private static func add(_ histogram: HDRHistogram, to total: inout HDRHistogram?) {
        var sum = total ?? HDRHistogram()
        sum.add(histogram)
        total = sum
    }

    private static func lineNumber(of needle: String, in text: String) -> Int {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.hasPrefix(needle) { return number }
        }
        return number
    }

    /// The merged result of everything added, on `timeline`.
    private func result(_ timeline: MergeTimeline) -> RunResult {
        let files = inputs.map(\.file)
        let union = timeline.unionSeconds(inputs)
        let requests = inputs.map(\.requests).reduce(0, +)
        var merged = RunResult(
            environment: results.first?.environment ?? Environment.current(),
            scenario: .object(["merged": .array(files.map(JSONValue.string))]),
            summary: ResultSummary(requests: requests, errors: [:], durationSeconds: union, targetRate: nil,
                achievedRate: union > 0 ? Double(requests) / union : 0, valid: true, invalidReasons: []),
            latency: latency, warmup: [:], stages: [:],
            cache: CacheSection(strategy: CacheSection.unknownStrategy, capacity: 0, verifiedTokens: CacheStats(), authorizations: CacheStats()),
            attacks: AttackSection(expected: [:], unexpected: 0), intervals: timeline.intervals(inputs), setupSeconds: 0,
            sources: files, inFlight: logInFlight)
        merged.summary.startEpochMillis = timeline.earliestStartMillis
        let fingerprints = Set(inputs.compactMap(\.identity.fingerprint))
        if fingerprints.count == 1, inputs.allSatisfy({ $0.identity.fingerprint != nil }) { merged.summary.scenarioFingerprint = fingerprints.first }
        if let logInFlight { merged.summary.maxInFlight = Int(logInFlight.max) }
        if let first = results.first, var members = first.scenario.objectValue {
            members["shardIndex"] = nil
            members["shardCount"] = nil
            merged.scenario = .object(members)
            merged.cache = first.cache
        }
        var targets: [Double] = []
        var verified = CacheStats()
        var authorizations = CacheStats()
        for (index, input) in results.enumerated() {
            let file = input.sources.first ?? "input \(index + 1)"
            for (kind, histogram) in input.latency { merged.latency[kind, default: HDRHistogram()].add(histogram) }
            for (kind, histogram) in input.warmup { merged.warmup[kind, default: HDRHistogram()].add(histogram) }
            for (name, histogram) in input.stages { merged.stages[name, default: HDRHistogram()].add(histogram) }
            for (code, count) in input.summary.errors { merged.summary.errors[code, default: 0] += count }
            if let peak = input.summary.peakRSS { merged.summary.peakRSS = Swift.max(merged.summary.peakRSS ?? 0, peak) }
            if let target = input.summary.targetRate { targets.append(target) }
            if !input.summary.valid {
                merged.summary.valid = false
                merged.summary.invalidReasons += input.summary.invalidReasons.map { "\(file): \($0)" }
                if input.summary.invalidReasons.isEmpty { merged.summary.invalidReasons.append("\(file): invalid") }
            }
            verified = verified + input.cache.caches.verifiedTokens.stats
            authorizations = authorizations + input.cache.caches.authorizations.stats
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
            merged.cache = CacheSection(strategy: merged.cache.strategy, capacity: merged.cache.capacity,
                verifiedTokens: verified, authorizations: authorizations)
            merged.summary.targetRate = targets.count == results.count && logCount == 0 ? targets.reduce(0, +) : nil
        }
        for kind in LatencyKind.allCases where !kind.isByPath && merged.latency[kind] == nil {
            merged.latency[kind] = HDRHistogram()
        }
        if !inputs.allSatisfy(\.recordsByPath) {
            for kind in LatencyKind.byPath {
                merged.latency[kind] = nil
                merged.warmup[kind] = nil
            }
        }
        // Failures are known only when every input is a result that told them apart: `.hlog`
        // files carry no codes.
        if logCount == 0, results.allSatisfy({ $0.summary.failures != nil }) {
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
