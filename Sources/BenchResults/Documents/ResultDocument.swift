import AuthZCore
import Foundation
import HDRHistogram
import BenchHarness

/// A result file (`run --json`, `merge --json`): schema version 1 (see BenchHarness's ResultSchema article), plus the extra keys
/// `warmup`, `attacks`, `intervals`, `setupSeconds` and `cache.caches`.
///
/// Encoded with sorted keys, so the same result always gives the same bytes.
package struct ResultDocument: Codable, Sendable, Equatable {
    /// The schema version this model reads and writes.
    package static let currentSchemaVersion = 1

    /// Version of the file layout (1).
    package var schemaVersion = ResultDocument.currentSchemaVersion
    /// Always `authz-bench`.
    package var tool = "authz-bench"
    /// `BenchVersion.current` of the writer.
    package var version = BenchVersion.current
    /// Where it ran.
    package var environment: Environment
    /// Every input that shaped the run (the `Scenario`, plus `loop`: `open` or `closed`); for a
    /// merge of `.hlog` files only, `{"merged": [files]}`.
    package var scenario: JSONValue
    /// Counts, rates and the validity verdict.
    package var summary: ResultSummary
    /// Measured-phase latency histograms.
    package var latency: LatencySection
    /// Per-stage histograms by stage name (`Stage`).
    package var stages: [String: HistogramSummary]
    /// Both engine caches summed, with each one under `caches`.
    package var cache: CacheSection
    /// Warm-up latency histograms (reported separately from the measured phase).
    package var warmup: LatencySection
    /// Attack traffic by expected rejection code.
    package var attacks: AttackSection
    /// Requests per one-second interval of the measured phase (their histograms go to `.hlog`).
    package var intervals: [IntervalSection]
    /// Set-up time (population and authN tokens), excluded from measurement.
    package var setupSeconds: Double
    /// The resident-set curve of the run (absent in merged results and older files).
    package var memory: MemorySection? = nil

    /// Pretty-printed JSON with sorted keys and a final newline.
    package func jsonData() throws(BenchError) -> Data {
        try PrettyJSON.data(self, what: "the result")
    }

    /// Writes the document to `path` atomically (temporary file + rename).
    package func write(to path: String) throws(BenchError) {
        try AtomicFile.write(try jsonData(), to: path)
    }
}

/// The result's `summary` section.
package struct ResultSummary: Codable, Sendable, Equatable {
    /// Requests completed in the measured phase.
    package var requests: Int
    /// Every code other than `VALID_TOKEN` that was observed, with its count.
    package var errors: [String: Int]
    /// Measured-phase length, seconds.
    package var durationSeconds: Double
    /// Target total rate (requests/s); `null` in closed loop (written, not omitted).
    package var targetRate: Double?
    /// Requests per second achieved.
    package var achievedRate: Double
    /// Whether the generator kept up (and a release build ran).
    package var valid: Bool
    /// Why not, one line each.
    package var invalidReasons: [String]
    /// Peak resident set size of the process, bytes (absent when unknown, e.g. merged .hlog files).
    package var peakRSS: Int? = nil
    /// Resident set size right after set-up (population and tokens), bytes.
    package var setupRSS: Int? = nil
    /// Resident set size when the run ended (the last `memory.rssSamples` entry), bytes.
    package var finalRSS: Int? = nil

    private enum CodingKeys: String, CodingKey {
        case requests, errors, durationSeconds, targetRate, achievedRate, valid, invalidReasons, peakRSS, setupRSS
        case finalRSS
    }

    /// Creates a summary.
    package init(requests: Int, errors: [String: Int], durationSeconds: Double, targetRate: Double?, achievedRate: Double,
         valid: Bool, invalidReasons: [String], peakRSS: Int? = nil, setupRSS: Int? = nil, finalRSS: Int? = nil) {
        self.peakRSS = peakRSS
        self.setupRSS = setupRSS
        self.finalRSS = finalRSS
        self.requests = requests
        self.errors = errors
        self.durationSeconds = durationSeconds
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.valid = valid
        self.invalidReasons = invalidReasons
    }

    /// Decodes a summary; `targetRate` must be present (a number or `null`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requests = try container.decode(Int.self, forKey: .requests)
        errors = try container.decode([String: Int].self, forKey: .errors)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        guard container.contains(.targetRate) else {
            throw DecodingError.keyNotFound(CodingKeys.targetRate, .init(
                codingPath: container.codingPath, debugDescription: "targetRate is required (null in closed loop)"))
        }
        targetRate = try container.decodeIfPresent(Double.self, forKey: .targetRate)
        achievedRate = try container.decode(Double.self, forKey: .achievedRate)
        valid = try container.decode(Bool.self, forKey: .valid)
        invalidReasons = try container.decode([String].self, forKey: .invalidReasons)
        peakRSS = try container.decodeIfPresent(Int.self, forKey: .peakRSS)
        setupRSS = try container.decodeIfPresent(Int.self, forKey: .setupRSS)
        finalRSS = try container.decodeIfPresent(Int.self, forKey: .finalRSS)
    }

    /// Encodes every key, `targetRate` as `null` in closed loop.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requests, forKey: .requests)
        try container.encode(errors, forKey: .errors)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        if let targetRate {
            try container.encode(targetRate, forKey: .targetRate)
        } else {
            try container.encodeNil(forKey: .targetRate)
        }
        try container.encode(achievedRate, forKey: .achievedRate)
        try container.encode(valid, forKey: .valid)
        try container.encode(invalidReasons, forKey: .invalidReasons)
        try container.encodeIfPresent(peakRSS, forKey: .peakRSS)
        try container.encodeIfPresent(setupRSS, forKey: .setupRSS)
        try container.encodeIfPresent(finalRSS, forKey: .finalRSS)
    }
}

/// The result's `memory` section: the resident set sampled during the run.
package struct MemorySection: Codable, Sendable, Equatable {
    /// The sampling interval, seconds.
    package var sampleIntervalSeconds: Double
    /// `{seconds, rssBytes}` from the start of the run: 0 s right after set-up, one per interval,
    /// and the last when the workers finished.
    package var rssSamples: [RSSSample]
}

/// The three latency histograms (`latency` and `warmup` sections).
package struct LatencySection: Codable, Sendable, Equatable {
    /// `done - intended start`.
    package var responseTime: HistogramSummary
    /// `done - send`.
    package var serviceTime: HistogramSummary
    /// `send - intended start`.
    package var startLag: HistogramSummary
    /// Parking to the upstream's answer, for requests that waited on it (empty in files written
    /// before the asynchronous upstream).
    package var upstreamWait: HistogramSummary

    /// The four histograms.
    package init(responseTime: HistogramSummary, serviceTime: HistogramSummary, startLag: HistogramSummary,
        upstreamWait: HistogramSummary)
    {
        self.responseTime = responseTime
        self.serviceTime = serviceTime
        self.startLag = startLag
        self.upstreamWait = upstreamWait
    }

    /// Reads the section; a file without `upstreamWait` reads it as empty.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        responseTime = try container.decode(HistogramSummary.self, forKey: .responseTime)
        serviceTime = try container.decode(HistogramSummary.self, forKey: .serviceTime)
        startLag = try container.decode(HistogramSummary.self, forKey: .startLag)
        upstreamWait = try container.decodeIfPresent(HistogramSummary.self, forKey: .upstreamWait)
            ?? HistogramSummary(HDRHistogram())
    }

    /// The histogram of `kind`.
    package subscript(kind: LatencyKind) -> HistogramSummary {
        switch kind {
        case .responseTime: responseTime
        case .serviceTime: serviceTime
        case .startLag: startLag
        case .upstreamWait: upstreamWait
        }
    }
}

/// The result's `cache` section: both engine caches summed, and each one under `caches`.
package struct CacheSection: Codable, Sendable, Equatable {
    /// Strategy name (`unknown` when merged from `.hlog` files only).
    package var strategy: String
    /// Capacity of each cache.
    package var capacity: Int
    /// Lookups that hit, both caches.
    package var hits: Int
    /// Lookups that missed, both caches.
    package var misses: Int
    /// Entries evicted for capacity, both caches.
    package var evictions: Int
    /// Entries found expired, both caches.
    package var expirations: Int
    /// `hits / (hits + misses)`, both caches.
    package var hitRatio: Double
    /// Entries held at the end, both caches.
    package var entries: Int
    /// Estimated bytes per entry, both caches.
    package var bytesPerEntry: Double
    /// Each cache's own counters.
    package var caches: CacheDetails

    /// The section for two caches' counters.
    package init(strategy: String, capacity: Int, verifiedTokens: CacheStats, authorizations: CacheStats) {
        let total = verifiedTokens + authorizations
        self.strategy = strategy
        self.capacity = capacity
        hits = total.hits
        misses = total.misses
        evictions = total.evictions
        expirations = total.expirations
        hitRatio = total.hitRatio
        entries = total.entries
        bytesPerEntry = total.bytesPerEntry
        caches = CacheDetails(verifiedTokens: CacheCounters(verifiedTokens), authorizations: CacheCounters(authorizations))
    }
}

/// The per-cache detail under `cache.caches`.
package struct CacheDetails: Codable, Sendable, Equatable {
    /// The verified-token cache.
    package var verifiedTokens: CacheCounters
    /// The authorization cache.
    package var authorizations: CacheCounters
}

/// One cache's counters (`CacheStats` in JSON, with its derived ratios).
package struct CacheCounters: Codable, Sendable, Equatable {
    /// Lookups that hit.
    package var hits: Int
    /// Lookups that missed.
    package var misses: Int
    /// Inserts, new keys and replacements.
    package var inserts: Int
    /// Inserts that replaced a present key.
    package var replacements: Int
    /// Entries evicted for capacity.
    package var evictions: Int
    /// Entries found expired.
    package var expirations: Int
    /// Entries removed explicitly.
    package var removals: Int
    /// Entries held at the end.
    package var entries: Int
    /// Estimated bytes held by the cache's structures.
    package var approximateBytes: Int
    /// `hits / (hits + misses)`.
    package var hitRatio: Double
    /// `approximateBytes / entries`.
    package var bytesPerEntry: Double

    /// The counters of `stats`.
    package init(_ stats: CacheStats) {
        hits = stats.hits
        misses = stats.misses
        inserts = stats.inserts
        replacements = stats.replacements
        evictions = stats.evictions
        expirations = stats.expirations
        removals = stats.removals
        entries = stats.entries
        approximateBytes = stats.approximateBytes
        hitRatio = stats.hitRatio
        bytesPerEntry = stats.bytesPerEntry
    }

    /// Back to a `CacheStats` (to sum shards).
    package var stats: CacheStats {
        CacheStats(hits: hits, misses: misses, inserts: inserts, replacements: replacements, evictions: evictions,
            expirations: expirations, removals: removals, entries: entries, approximateBytes: approximateBytes)
    }
}

/// The result's `attacks` section.
package struct AttackSection: Codable, Sendable, Equatable {
    /// Attacks sent, by the code they must be rejected with.
    package var expected: [String: Int]
    /// Attacks that got another code (must be 0).
    package var unexpected: Int
}

/// One entry of the result's `intervals` list.
package struct IntervalSection: Codable, Sendable, Equatable {
    /// Seconds from the start of the measured phase.
    package var start: Double
    /// Interval length, seconds.
    package var length: Double
    /// Requests completed in it.
    package var requests: Int
    /// Response-time percentiles of the interval (absent in results written before they were kept,
    /// and in merged results).
    package var responseTime: IntervalPercentiles?
    /// Service-time percentiles of the interval (absent like `responseTime`).
    package var serviceTime: IntervalPercentiles?
    /// Creates a value from its stored properties.
    package init(start: Double, length: Double, requests: Int, responseTime: IntervalPercentiles? = nil, serviceTime: IntervalPercentiles? = nil) {
        self.start = start
        self.length = length
        self.requests = requests
        self.responseTime = responseTime
        self.serviceTime = serviceTime
    }
}

/// A few percentiles of one interval's histogram, in integer nanoseconds (for the report's timeline).
package struct IntervalPercentiles: Codable, Sendable, Equatable {
    /// Median.
    package var p50: UInt64
    /// 99th percentile.
    package var p99: UInt64
    /// Highest value.
    package var max: UInt64

    /// The percentiles of `histogram` (nil when it is empty).
    package init?(_ histogram: HDRHistogram?) {
        guard let histogram, histogram.totalCount > 0 else { return nil }
        p50 = histogram.value(atPercentile: 50)
        p99 = histogram.value(atPercentile: 99)
        max = histogram.max
    }
}
