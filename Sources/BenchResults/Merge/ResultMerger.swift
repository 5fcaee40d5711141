import AuthZCore
import Foundation
import HDRHistogram
import BenchHarness

/// Adds the histograms of several runs (`run --hlog` interval logs and/or `run --json` results,
/// for example one per `--shard` process) into one `RunResult`.
///
/// Rules: histograms are added per kind (and per stage); `requests` and rates are summed
/// (`achievedRate` = sum of the inputs' achieved rates, `targetRate` = sum of targets, `null` when
/// an input has none); `durationSeconds` and `setupSeconds` are the maximum; `valid` only when every
/// result input is valid; cache counters, errors and attacks are summed. The scenario is the first
/// result input's without `shardIndex`/`shardCount`, or `{"merged": [files]}` when only `.hlog`
/// files are given (then the environment is this machine's, the cache `unknown`, and no validity
/// verdict is known). Untagged `.hlog` intervals count as response time.
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

    private var files: [String] = []
    private var results: [RunResult] = []
    private var latency: [LatencyKind: HDRHistogram] = [:]
    private var logInFlight: HDRHistogram?
    private var intervalRequests: [Int64: (length: Double, requests: Int)] = [:]
    private var logRequests = 0
    private var logRates = 0.0
    private var logDuration = 0.0
    private var logCount = 0

    /// An empty merger.
    package init() {}

    /// Merges the files at `paths` (each an `.hlog` interval log or a result JSON, told apart by content).
    ///
    /// - Throws: `BenchError.invalidSetting` when `paths` is empty; `BenchError.badInput` with one line naming the
    ///   file (and the line of an `.hlog`, or the JSON path of a result) when an input is missing,
    ///   empty, truncated, binary or of another format.
    package static func merge(_ paths: [String]) throws(BenchError) -> RunResult {
        guard !paths.isEmpty else { throw .invalidSetting("expected at least one input file (.hlog interval log or result JSON)") }
        var merger = ResultMerger()
        for path in paths { try merger.add(path) }
        return merger.result()
    }

    /// Reads one input and adds it.
    package mutating func add(_ path: String) throws(BenchError) {
        let bytes = try InputFile.read(path, limit: Self.readLimit, what: "merge input")
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .badInput("\(path): empty file; expected an .hlog interval log or an authz-bench result JSON")
        }
        files.append(path)
        if first == UInt8(ascii: "{") {
            let document = try ResultDocument.parse(Data(bytes), file: path)
            var result = try RunResult(document, file: path)
            result.sources = [path]
            results.append(result)
            return
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw .badInput("\(path): binary data; expected an .hlog interval log (text) or an authz-bench result JSON")
        }
        try addLog(text, file: path)
    }

    private mutating func addLog(_ text: String, file: String) throws(BenchError) {
        let log: HDRLog
        do {
            log = try HDRLog(parsing: text)
        } catch {
            throw .badInput("\(file): line \(error.line): \(error.message); expected an .hlog interval log (format 1.3)")
        }
        guard !log.entries.isEmpty else {
            throw .badInput("\(file): no interval histograms; expected an .hlog interval log (format 1.3) or a result JSON")
        }
        var requests = 0
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
                requests += Int(entry.histogram.totalCount)
                addInterval(start: entry.startSeconds, length: entry.lengthSeconds, requests: Int(entry.histogram.totalCount))
            }
        }
        let duration = Swift.max(end - start, 0)
        logRequests += requests
        logRates += duration > 0 ? Double(requests) / duration : 0
        logDuration = Swift.max(logDuration, duration)
        logCount += 1
    }

    private mutating func addInterval(start: Double, length: Double, requests: Int) {
        let key = Int64((start * 1000).rounded())
        let previous = intervalRequests[key] ?? (0, 0)
        intervalRequests[key] = (Swift.max(previous.length, length), previous.requests + requests)
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

    /// The merged result of everything added.
    package func result() -> RunResult {
        var merged = RunResult(
            environment: results.first?.environment ?? Environment.current(),
            scenario: .object(["merged": .array(files.map(JSONValue.string))]),
            summary: ResultSummary(requests: logRequests, errors: [:], durationSeconds: logDuration, targetRate: nil,
                achievedRate: logRates, valid: true, invalidReasons: []),
            latency: latency, warmup: [:], stages: [:],
            cache: CacheSection(strategy: "unknown", capacity: 0, verifiedTokens: CacheStats(), authorizations: CacheStats()),
            attacks: AttackSection(expected: [:], unexpected: 0), intervals: [], setupSeconds: 0, sources: files,
            inFlight: logInFlight)
        if let logInFlight { merged.summary.maxInFlight = Int(logInFlight.max) }
        var intervals = intervalRequests
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
            merged.summary.requests += input.summary.requests
            for (code, count) in input.summary.errors { merged.summary.errors[code, default: 0] += count }
            merged.summary.durationSeconds = Swift.max(merged.summary.durationSeconds, input.summary.durationSeconds)
            merged.summary.achievedRate += input.summary.achievedRate
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
            for interval in input.intervals {
                let key = Int64((interval.start * 1000).rounded())
                let previous = intervals[key] ?? (0, 0)
                intervals[key] = (Swift.max(previous.length, interval.length), previous.requests + interval.requests)
            }
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
        merged.intervals = intervals.keys.sorted().map { key in
            IntervalSection(start: Double(key) / 1000, length: intervals[key]!.length, requests: intervals[key]!.requests)
        }
        for kind in LatencyKind.allCases where merged.latency[kind] == nil { merged.latency[kind] = HDRHistogram() }
        return merged
    }
}
