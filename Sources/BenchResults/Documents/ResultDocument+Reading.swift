import BenchHarness
import Foundation
import HDRHistogram

extension ResultDocument {
    /// Every histogram payload decodes (the keys and their types are the decoder's checks), and
    /// every figure is in its range and agrees with what it is derived from (`checkFigures`).
    package func check(file: String) throws(BenchError) {
        try checkFigures(try decodedHistograms(file: file), file: file)
    }

    /// Every histogram of the document, decoded, by its JSON path (`$.latency.responseTime`, ...).
    package func decodedHistograms(file: String) throws(BenchError) -> [String: HDRHistogram] {
        var result: [String: HDRHistogram] = [:]
        for kind in LatencyKind.allCases {
            result["$.latency.\(kind.rawValue)"] = try latency[kind]?.decoded(
                file: file,
                path: "$.latency.\(kind.rawValue)"
            )
            result["$.warmup.\(kind.rawValue)"] = try warmup[kind]?.decoded(
                file: file,
                path: "$.warmup.\(kind.rawValue)"
            )
        }
        for (name, summary) in stages {
            result["$.stages.\(name)"] = try summary.decoded(file: file, path: "$.stages.\(name)")
        }
        if let inFlight = concurrency?.inFlight {
            result["$.concurrency.inFlight"] = try inFlight.decoded(file: file, path: "$.concurrency.inFlight")
        }
        return result
    }
}
