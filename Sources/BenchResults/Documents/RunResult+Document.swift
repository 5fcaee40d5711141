import BenchHarness
import HDRHistogram

extension ResultDocument {
    /// The result file of `result` (histograms summarised and encoded).
    package init(_ result: RunResult) throws(BenchError) {
        func byOperation(_ operations: OperationLatency?) throws(BenchError) -> [String: OperationLatencySection]? {
            guard let operations else { return nil }
            var sections: [String: OperationLatencySection] = [:]
            for (label, histograms) in operations {
                func summary(_ kind: LatencyKind) throws(BenchError) -> HistogramSummary {
                    try HistogramSummary(histograms[kind] ?? HDRHistogram())
                }
                sections[label.name] = OperationLatencySection(
                    responseTime: try summary(.responseTime),
                    serviceTime: try summary(.serviceTime),
                    inline: try summary(.inline),
                    parked: try summary(.parked)
                )
            }
            return sections
        }
        func section(
            _ histograms: [LatencyKind: HDRHistogram],
            _ operations: OperationLatency?
        ) throws(BenchError) -> LatencySection {
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
                parked: try optional(.parked),
                byOperation: try byOperation(operations)
            )
        }
        var stages: [String: HistogramSummary] = [:]
        for (name, histogram) in result.stages { stages[name] = try HistogramSummary(histogram) }
        var concurrency: ConcurrencySection?
        if let inFlight = result.inFlight { concurrency = ConcurrencySection(inFlight: try HistogramSummary(inFlight)) }
        self.init(
            sections: result.sections,
            latency: try section(result.latency, result.latencyByOperation),
            stages: stages,
            warmup: try section(result.warmup, result.warmupByOperation),
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
        latencyByOperation = try Self.operations(document.latency.byOperation, file: file, path: "$.latency")
        warmupByOperation = try Self.operations(document.warmup.byOperation, file: file, path: "$.warmup")
    }

    /// The per-operation histograms of a file's section (nil when the file has none).
    ///
    /// - Throws: `BenchError.badInput` naming the path when an operation's name is not one of
    ///   `OperationLabel`'s or a payload does not decode.
    private static func operations(
        _ sections: [String: OperationLatencySection]?,
        file: String,
        path: String
    ) throws(BenchError) -> OperationLatency? {
        guard let sections else { return nil }
        var operations: OperationLatency = [:]
        for (name, section) in sections {
            guard let label = OperationLabel(name: name) else {
                let names = OperationLabel.allCases.map(\.name).joined(separator: ", ")
                throw .badInput("\(file): \(path).byOperation.\(name): unknown operation; expected one of \(names)")
            }
            var histograms: [LatencyKind: HDRHistogram] = [:]
            for kind in OperationLabel.kinds {
                histograms[kind] = try section[kind]?.decoded(
                    file: file,
                    path: "\(path).byOperation.\(name).\(kind.rawValue)"
                )
            }
            operations[label] = histograms
        }
        return operations
    }
}

extension ResultDocument {
    /// Every histogram payload decodes (the keys and their types are the decoder's checks).
    package func check(file: String) throws(BenchError) {
        _ = try RunResult(self, file: file)
    }
}
