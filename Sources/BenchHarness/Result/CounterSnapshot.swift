import AuthZCore

/// A record of the engine's counters listing each once in ``counters``, with its result key: the
/// counts since a snapshot, the sum of two shards', the JSON coding and ``section`` derive.
package protocol CounterSnapshot: Codable, Equatable {
    /// A record with every counter at zero.
    static var zero: Self { get }
    /// Every counter, in the order the file writes them.
    static var counters: [Counter<Self>] { get }
    /// Figures derived from the counters for the file's readers; a file read must hold them.
    static var derived: [(key: String, value: @Sendable (Self) -> Double)] { get }
}

/// One counter of a ``CounterSnapshot``: its result key, where it is stored and how it adds up.
package struct Counter<Record>: Sendable {
    /// How a counter behaves between two snapshots and across shards.
    package enum Kind: Sendable {
        /// It only grows: between two snapshots, the difference; shards add.
        case accumulating
        /// A figure of the moment (entries, bytes): kept between snapshots; shards add.
        case current
        /// A high-water mark: kept between snapshots; of two shards, the larger.
        case peak
    }

    /// The result file's key.
    package let key: String
    /// The property.
    package let path: WritableKeyPath<Record, Int> & Sendable
    /// How it adds up.
    package let kind: Kind
    /// Whether the file writes it (a gauge at the end of a run is not a figure of it: read as 0).
    package let isWritten: Bool
    /// Whether a file must hold it; one added later reads as 0 when absent.
    package let isRequired: Bool
    /// Whether the `cache` section also writes it for both caches together.
    package let isTotalled: Bool

    /// A counter stored at `path`, written under `key` unless `written` is false.
    package init(
        _ key: String,
        _ path: WritableKeyPath<Record, Int> & Sendable,
        _ kind: Kind = .accumulating,
        written: Bool = true,
        required: Bool = true,
        totalled: Bool = false
    ) {
        self.key = key
        self.path = path
        self.kind = kind
        isWritten = written
        isRequired = required
        isTotalled = totalled
    }
}

extension CounterSnapshot {
    /// No derived figures.
    package static var derived: [(key: String, value: @Sendable (Self) -> Double)] { [] }

    /// The counts accumulated since `earlier` (the same source's); figures of the moment and peaks stay.
    package func since(_ earlier: Self) -> Self {
        var delta = self
        for counter in Self.counters where counter.kind == .accumulating {
            delta[keyPath: counter.path] -= earlier[keyPath: counter.path]
        }
        return delta
    }

    /// Two shards' records together: every counter summed, the larger of each peak.
    package static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        for counter in counters {
            let (left, right) = (lhs[keyPath: counter.path], rhs[keyPath: counter.path])
            sum[keyPath: counter.path] = counter.kind == .peak ? Swift.max(left, right) : left + right
        }
        return sum
    }

    /// This record as the file holds it: the counters it does not write at zero, as they read back.
    package var section: Self {
        var section = self
        for counter in Self.counters where !counter.isWritten { section[keyPath: counter.path] = 0 }
        return section
    }

    /// Reads the written counters (one not required reads as 0 when absent), checking the derived.
    package init(counters decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        self = .zero
        for counter in Self.counters where counter.isWritten {
            let key = AnyKey(counter.key)
            self[keyPath: counter.path] =
                counter.isRequired
                ? try container.decode(Int.self, forKey: key)
                : try container.decodeIfPresent(Int.self, forKey: key) ?? 0
        }
        for figure in Self.derived { _ = try container.decode(Double.self, forKey: AnyKey(figure.key)) }
    }

    /// Writes the written counters and the derived figures.
    package func encodeCounters(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for counter in Self.counters where counter.isWritten {
            try container.encode(self[keyPath: counter.path], forKey: AnyKey(counter.key))
        }
        for figure in Self.derived { try container.encode(figure.value(self), forKey: AnyKey(figure.key)) }
    }
}

/// Each cache's counters as the result writes them, with the derived `hitRatio` and `bytesPerEntry`.
extension CacheStats: CounterSnapshot {
    /// Every counter at zero.
    package static var zero: CacheStats { CacheStats() }

    /// Reads the counters (``CounterSnapshot``).
    public init(from decoder: any Decoder) throws { try self.init(counters: decoder) }

    /// Writes the counters (``CounterSnapshot``).
    public func encode(to encoder: any Encoder) throws { try encodeCounters(to: encoder) }

    /// Every counter: `entries` and `approximateBytes` are figures of the moment; `negativeHits` came later.
    package static var counters: [Counter<CacheStats>] {
        [
            Counter("hits", \.hits, totalled: true), Counter("misses", \.misses, totalled: true),
            Counter("inserts", \.inserts), Counter("replacements", \.replacements),
            Counter("evictions", \.evictions, totalled: true), Counter("expirations", \.expirations, totalled: true),
            Counter("removals", \.removals), Counter("entries", \.entries, .current, totalled: true),
            Counter("approximateBytes", \.approximateBytes, .current),
            Counter("negativeHits", \.negativeHits, required: false, totalled: true),
        ]
    }

    /// `hitRatio` and `bytesPerEntry`.
    package static var derived: [(key: String, value: @Sendable (CacheStats) -> Double)] {
        [("hitRatio", { $0.hitRatio }), ("bytesPerEntry", { $0.bytesPerEntry })]
    }
}

/// The engine's upstream counters as the result's `upstream` section writes them.
extension UpstreamStats: CounterSnapshot {
    /// Every counter at zero.
    package static var zero: UpstreamStats { UpstreamStats() }

    /// Reads the counters (``CounterSnapshot``).
    public init(from decoder: any Decoder) throws { try self.init(counters: decoder) }

    /// Writes the counters (``CounterSnapshot``).
    public func encode(to encoder: any Encoder) throws { try encodeCounters(to: encoder) }

    /// Every counter; calls in flight now are not written, the most at once is a peak (the set-up's
    /// part, which ``since(_:)`` cannot split off, is at most one call per set-up thread).
    package static var counters: [Counter<UpstreamStats>] {
        [
            Counter("calls", \.calls), Counter("coalesced", \.coalesced), Counter("refreshes", \.refreshes),
            Counter("errors", \.errors), Counter("timeouts", \.timeouts), Counter("rejected", \.rejected),
            Counter("inFlight", \.inFlight, .current, written: false), Counter("maxInFlight", \.maxInFlight, .peak),
        ]
    }
}

extension EngineStats {
    /// The counts accumulated since `earlier` (the same engine's): both caches' and the upstream's;
    /// the negative cache and the revocation list are current figures.
    package func since(_ earlier: EngineStats) -> EngineStats {
        var delta = self
        delta.verifiedTokens = verifiedTokens.since(earlier.verifiedTokens)
        delta.authorizations = authorizations.since(earlier.authorizations)
        delta.upstream = upstream.since(earlier.upstream)
        return delta
    }
}
