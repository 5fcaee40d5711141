import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

/// A result file (`run --json`, `merge --json`): schema version 1 (see BenchHarness's ResultSchema article), plus the
/// extra keys
/// `warmup`, `attacks`, `intervals`, `setupSeconds` and `cache.caches`.
///
/// The sections added with the asynchronous upstream (`concurrency`, `upstream`, `prewarm`,
/// `summary.maxInFlight`) are optional: files written before it still read, and a section a run
/// did not measure is absent rather than zero.
///
/// Encoded with sorted keys, so the same result always gives the same bytes.
@dynamicMemberLookup
package struct ResultDocument: BenchDocument, Equatable {
    /// A run result has no `kind` key.
    package static let documentKind: String? = nil

    /// Version of the file layout (1).
    package var schemaVersion = BenchDocumentHeader.schemaVersion
    /// Always `authz-bench`.
    package var tool = BenchDocumentHeader.tool
    /// `BenchVersion.current` of the writer.
    package var version = BenchVersion.current
    /// The sections held as the run counted them (`environment`, `scenario`, `summary`, `cache`,
    /// ...), written at the top level beside the histograms; read and written through
    /// `subscript(dynamicMember:)` as `document.summary`.
    package var sections: RunSections
    /// Measured-phase latency histograms.
    package var latency: LatencySection
    /// Per-stage histograms by stage name (`Stage`).
    package var stages: [String: HistogramSummary]
    /// Warm-up latency histograms (reported separately from the measured phase).
    package var warmup: LatencySection
    /// Requests in flight at the sends of the measured phase (absent in older files).
    package var concurrency: ConcurrencySection? = nil

    /// A section of `sections` by its name: `document.summary`, `document.cache`.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<RunSections, Value>) -> Value {
        get { sections[keyPath: keyPath] }
        set { sections[keyPath: keyPath] = newValue }
        // In place: with only `get` and `set`, a change through the member (`summary.errors[code]
        // += n`) copies the section out and back, and its dictionaries whole each time.
        _modify { yield &sections[keyPath: keyPath] }
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

/// The four latency histograms (`latency` and `warmup` sections).
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
    /// `done - intended start` of the requests answered inline (absent in files written before
    /// the response time was recorded by path).
    package var inline: HistogramSummary?
    /// `done - intended start` of the requests that waited on the upstream (absent with `inline`).
    package var parked: HistogramSummary?

    /// The histograms; `inline` and `parked` nil when not recorded.
    package init(
        responseTime: HistogramSummary,
        serviceTime: HistogramSummary,
        startLag: HistogramSummary,
        upstreamWait: HistogramSummary,
        inline: HistogramSummary? = nil,
        parked: HistogramSummary? = nil
    ) {
        self.responseTime = responseTime
        self.serviceTime = serviceTime
        self.startLag = startLag
        self.upstreamWait = upstreamWait
        self.inline = inline
        self.parked = parked
    }

    /// Reads the section; a file without `upstreamWait` reads it as empty, one without `inline`
    /// and `parked` as not recorded.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        responseTime = try container.decode(HistogramSummary.self, forKey: .responseTime)
        serviceTime = try container.decode(HistogramSummary.self, forKey: .serviceTime)
        startLag = try container.decode(HistogramSummary.self, forKey: .startLag)
        upstreamWait =
            try container.decodeIfPresent(HistogramSummary.self, forKey: .upstreamWait)
            ?? HistogramSummary(HDRHistogram())
        inline = try container.decodeIfPresent(HistogramSummary.self, forKey: .inline)
        parked = try container.decodeIfPresent(HistogramSummary.self, forKey: .parked)
    }

    /// The histogram of `kind`; nil for a path (`inline`, `parked`) the file did not record.
    package subscript(kind: LatencyKind) -> HistogramSummary? {
        switch kind {
        case .responseTime: responseTime
        case .serviceTime: serviceTime
        case .startLag: startLag
        case .upstreamWait: upstreamWait
        case .inline: inline
        case .parked: parked
        }
    }
}

/// The result's `cache` section: both engine caches summed, and each one under `caches`.
package struct CacheSection: Codable, Sendable, Equatable {
    /// Strategy name (``unknownStrategy`` when merged from `.hlog` files only).
    package var strategy: String
    /// The strategy of a result merged from `.hlog` files only: they carry no cache statistics.
    package static let unknownStrategy = "unknown"
    /// Whether the counters are measured ones (not a merge of `.hlog` files, whose zeros mean
    /// "not known").
    package var isKnown: Bool { strategy != Self.unknownStrategy }
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
    /// Requests answered from a cached upstream denial (`--deny-ttl`; included in `hits`); nil in
    /// files written before it was counted (not recorded, never a zero).
    package var negativeHits: Int?
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
        negativeHits = total.negativeHits
        caches = CacheDetails(verifiedTokens: verifiedTokens, authorizations: authorizations)
    }
}

/// The per-cache detail under `cache.caches`: each engine cache's snapshot as the engine counted it.
package struct CacheDetails: Codable, Sendable, Equatable {
    /// The verified-token cache.
    package var verifiedTokens: CacheStats
    /// The authorization cache.
    package var authorizations: CacheStats
}

/// The result's `attacks` section.
package struct AttackSection: Codable, Sendable, Equatable {
    /// Attacks sent, by the code they must be rejected with.
    package var expected: [String: Int]
    /// Attacks that got another code (must be 0).
    package var unexpected: Int
}
