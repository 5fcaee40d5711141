import BenchHarness
import HDRHistogram

extension ResultDocument {
    /// The result file of `result` (histograms summarised and encoded).
    package init(_ result: RunResult) throws(BenchError) {
        func section(_ histograms: [LatencyKind: HDRHistogram]) throws(BenchError) -> LatencySection {
            func optional(_ kind: LatencyKind) throws(BenchError) -> HistogramSummary? {
                guard let histogram = histograms[kind] else { return nil }
                return try HistogramSummary(histogram)
            }
            return LatencySection(
                responseTime: try HistogramSummary(histograms[.responseTime] ?? HDRHistogram()),
                serviceTime: try HistogramSummary(histograms[.serviceTime] ?? HDRHistogram()),
                startLag: try HistogramSummary(histograms[.startLag] ?? HDRHistogram()),
                upstreamWait: try HistogramSummary(histograms[.upstreamWait] ?? HDRHistogram()),
                inline: try optional(.inline),
                parked: try optional(.parked)
            )
        }
        var stages: [String: HistogramSummary] = [:]
        for (name, histogram) in result.stages { stages[name] = try HistogramSummary(histogram) }
        var concurrency: ConcurrencySection?
        if let inFlight = result.inFlight { concurrency = ConcurrencySection(inFlight: try HistogramSummary(inFlight)) }
        self.init(
            sections: result.sections,
            latency: try section(result.latency),
            stages: stages,
            warmup: try section(result.warmup),
            concurrency: concurrency
        )
    }
}

extension RunResult {
    /// The reportable result of a result file read back (histograms decoded); `file` names it in errors.
    package init(_ document: ResultDocument, file: String) throws(BenchError) {
        var latency: [LatencyKind: HDRHistogram] = [:]
        var warmup: [LatencyKind: HDRHistogram] = [:]
        for kind in LatencyKind.allCases {
            latency[kind] = try document.latency[kind]?.decoded(file: file, path: "$.latency.\(kind.rawValue)")
            warmup[kind] = try document.warmup[kind]?.decoded(file: file, path: "$.warmup.\(kind.rawValue)")
        }
        var stages: [String: HDRHistogram] = [:]
        for (name, summary) in document.stages {
            stages[name] = try summary.decoded(file: file, path: "$.stages.\(name)")
        }
        self.init(
            sections: document.sections,
            latency: latency,
            warmup: warmup,
            stages: stages,
            inFlight: try document.concurrency?.inFlight.decoded(file: file, path: "$.concurrency.inFlight")
        )
    }
}

extension ResultDocument {
    /// Every histogram payload decodes (the keys and their types are the decoder's checks).
    package func check(file: String) throws(BenchError) {
        _ = try RunResult(self, file: file)
    }
}
