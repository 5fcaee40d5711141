import BenchHarness

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
