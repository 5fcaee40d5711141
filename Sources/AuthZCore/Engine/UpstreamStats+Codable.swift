/// The counters as the result's `upstream` section writes them.
///
/// The gauge of calls in flight is left out: it is a moment, not a figure of a run, and reads
/// back as 0.
extension UpstreamStats: Codable {
    /// The section's keys: every counter but `inFlight`.
    public enum CodingKeys: String, CodingKey {
        case calls, coalesced, refreshes, errors, timeouts, rejected, maxInFlight
    }

    /// Each key with its counter, in the order they are read.
    private static var written: [(key: CodingKeys, counter: WritableKeyPath<UpstreamStats, Int>)] {
        [
            (.calls, \.calls), (.coalesced, \.coalesced), (.refreshes, \.refreshes), (.errors, \.errors),
            (.timeouts, \.timeouts), (.rejected, \.rejected), (.maxInFlight, \.maxInFlight),
        ]
    }

    /// Reads the counters; `inFlight` reads as 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        for (key, counter) in Self.written { self[keyPath: counter] = try container.decode(Int.self, forKey: key) }
    }

    /// Writes every counter but `inFlight`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, counter) in Self.written { try container.encode(self[keyPath: counter], forKey: key) }
    }
}
