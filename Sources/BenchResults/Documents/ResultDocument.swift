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
    }
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
    /// The histograms per operation, by `OperationLabel.name`, of the operations with requests
    /// (absent in files written before operations were recorded apart, and in merges of inputs
    /// that lack them: not recorded, never zeros).
    package var byOperation: [String: OperationLatencySection]? = nil

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

/// One operation's histograms (`latency.byOperation.OP`, `warmup.byOperation.OP`), each with the
/// shape of `latency.KIND`; over the operations, each kind's counts add up to `latency.KIND`'s.
package struct OperationLatencySection: Codable, Sendable, Equatable {
    /// `done - intended start`.
    package var responseTime: HistogramSummary
    /// `done - send`.
    package var serviceTime: HistogramSummary
    /// `done - intended start` of the operation's requests answered inline.
    package var inline: HistogramSummary
    /// `done - intended start` of the operation's requests that waited on the upstream.
    package var parked: HistogramSummary

    /// The histogram of `kind` (nil for a kind not kept per operation).
    package subscript(kind: LatencyKind) -> HistogramSummary? {
        switch kind {
        case .responseTime: responseTime
        case .serviceTime: serviceTime
        case .inline: inline
        case .parked: parked
        case .startLag, .upstreamWait: nil
        }
    }
}

/// The result's `concurrency` section: how many requests were in flight.
package struct ConcurrencySection: Codable, Sendable, Equatable {
    /// Requests in flight (sent, not yet completed, this one included), sampled at every send of the
    /// measured phase. The values are request counts, not nanoseconds.
    package var inFlight: HistogramSummary
}

extension LatencySection {
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
        byOperation = try container.decodeIfPresent([String: OperationLatencySection].self, forKey: .byOperation)
    }
}

/// The file is one flat object: the shared `RunSections` and the keys beside them (header,
/// histograms) are read from and written to the same top-level container. Declared apart from the
/// type so that its memberwise initializer stays.
extension ResultDocument {
    /// The keys beside the shared sections.
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, version, latency, stages, warmup, concurrency
    }

    /// Reads the flat file: the header, the shared sections from the same object, then the histograms.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        tool = try container.decode(String.self, forKey: .tool)
        version = try container.decode(String.self, forKey: .version)
        sections = try RunSections(from: decoder)
        latency = try container.decode(LatencySection.self, forKey: .latency)
        stages = try container.decode([String: HistogramSummary].self, forKey: .stages)
        warmup = try container.decode(LatencySection.self, forKey: .warmup)
        concurrency = try container.decodeIfPresent(ConcurrencySection.self, forKey: .concurrency)
    }

    /// Writes one flat object: the shared sections and the keys beside them share the encoder's
    /// container (the keys never overlap).
    package func encode(to encoder: any Encoder) throws {
        try sections.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(tool, forKey: .tool)
        try container.encode(version, forKey: .version)
        try container.encode(latency, forKey: .latency)
        try container.encode(stages, forKey: .stages)
        try container.encode(warmup, forKey: .warmup)
        try container.encodeIfPresent(concurrency, forKey: .concurrency)
    }
}
