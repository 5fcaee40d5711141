/// A snapshot as the result file writes each cache (`cache.caches.verifiedTokens`, ...): every
/// counter, and the derived `hitRatio` and `bytesPerEntry` for readers of the file.
extension CacheStats: Codable {
    /// The keys: every counter, then the two derived ratios (written, not read back).
    public enum CodingKeys: String, CodingKey {
        case hits, misses, inserts, replacements, evictions, expirations, removals, entries, approximateBytes
        case negativeHits, hitRatio, bytesPerEntry
    }

    /// Each key with its counter, in the order they are read.
    private static var written: [(key: CodingKeys, counter: WritableKeyPath<CacheStats, Int>)] {
        [
            (.hits, \.hits), (.misses, \.misses), (.inserts, \.inserts), (.replacements, \.replacements),
            (.evictions, \.evictions), (.expirations, \.expirations), (.removals, \.removals), (.entries, \.entries),
            (.approximateBytes, \.approximateBytes),
        ]
    }

    /// Reads the counters; `negativeHits`, absent from files written before it was counted, reads
    /// as 0 (the result's `cache.negativeHits` tells "not recorded" apart). The ratios must be
    /// there, as numbers, but are derived again from the counters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        for (key, counter) in Self.written { self[keyPath: counter] = try container.decode(Int.self, forKey: key) }
        _ = try container.decode(Double.self, forKey: .hitRatio)
        _ = try container.decode(Double.self, forKey: .bytesPerEntry)
        negativeHits = try container.decodeIfPresent(Int.self, forKey: .negativeHits) ?? 0
    }

    /// Writes every counter and the derived `hitRatio` and `bytesPerEntry`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, counter) in Self.written { try container.encode(self[keyPath: counter], forKey: key) }
        try container.encode(negativeHits, forKey: .negativeHits)
        try container.encode(hitRatio, forKey: .hitRatio)
        try container.encode(bytesPerEntry, forKey: .bytesPerEntry)
    }
}
