import BenchHarness
import BenchResults
import Foundation
import HDRHistogram

/// Inputs for the HTML report tests: synthetic run results and a hand-made sweep.
package enum HTMLReportFixtures {
    /// A run result document of `seconds` intervals; `scale` multiplies its latencies and its
    /// requests in flight so that two results differ.
    package static func run(scale: UInt64 = 1, scenarioNote: String? = nil, seconds: Int = 3) throws -> ResultDocument {
        var result = SyntheticRun.result(seconds: seconds)
        for (kind, _) in result.latency {
            var histogram = HDRHistogram()
            for value in 1...2_000 { histogram.record(UInt64(value) * 500 * scale) }
            result.latency[kind] = histogram
        }
        result.intervals = SyntheticRun.intervals(seconds: seconds).map { interval in
            var scaledInterval = interval
            scaledInterval.inFlight = scaled(interval.inFlight, by: scale)
            return IntervalSummary(scaledInterval)
        }
        let inFlight = scaled(result.inFlight ?? HDRHistogram(), by: scale)
        result.inFlight = inFlight
        result.summary.maxInFlight = Int(inFlight.max)
        var document = try ResultDocument(result)
        if let scenarioNote, case .object(var members) = document.scenario {
            members["note"] = .string(scenarioNote)
            document.scenario = .object(members)
        }
        return document
    }

    /// `histogram` with every value multiplied by `factor`.
    package static func scaled(_ histogram: HDRHistogram, by factor: UInt64) -> HDRHistogram {
        var result = HDRHistogram()
        for step in histogram.recordedValues() {
            result.record(step.valueIteratedTo * factor, count: step.countAtValueIteratedTo)
        }
        return result
    }

    /// A sweep result (schema of `sweep --json`): `strategies` at `capacities`, the optimal ratio
    /// above every strategy's, the last strategy's middle capacity marked best.
    package static func sweepJSON(
        strategies: [String] = ["lru", "sieve", "tinylfu"],
        capacities: [Int] = [100, 1_000, 10_000],
        recommendation: String = "tinylfu at 1,000 entries"
    ) throws -> Data {
        var rows: [[String: Any]] = []
        for (s, strategy) in strategies.enumerated() {
            for (c, capacity) in capacities.enumerated() {
                var histogram = HDRHistogram()
                for value in 1...500 { histogram.record(UInt64(value * (100 + 10 * s + 5 * c))) }
                let summary = try JSONSerialization.jsonObject(
                    with: JSONEncoder().encode(try HistogramSummary(histogram))
                )
                let ratio = 0.3 + 0.2 * Double(c) + 0.02 * Double(s)
                rows.append([
                    "strategy": strategy, "capacity": capacity, "requests": 10_000, "hits": Int(ratio * 10_000),
                    "hitRatio": ratio, "optimalHitRatio": ratio + 0.1, "throughput": 1.0e6, "bytesPerEntry": 120.5,
                    "responseTime": summary, "best": s == strategies.count - 1 && c == 1,
                ])
            }
        }
        let document: [String: Any] = [
            "schemaVersion": 1, "tool": "authz-bench", "kind": "sweep", "version": "0.1.0",
            "environment": try JSONSerialization.jsonObject(with: JSONEncoder().encode(SyntheticRun.environment())),
            "scenario": ["seed": 1, "strategies": strategies, "capacities": capacities],
            "rows": rows, "recommendation": recommendation,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// The decoded sweep fixture.
    package static func sweep() throws -> SweepDocument {
        try SweepDocument.parse(try sweepJSON(), file: "sweep.json")
    }

    /// Writes two run results and a sweep result into `directory`; returns their paths.
    package static func writeInputs(in directory: URL) throws -> [String] {
        let first = directory.appendingPathComponent("baseline.json").path
        let second = directory.appendingPathComponent("candidate.json").path
        let sweep = directory.appendingPathComponent("sweep.json").path
        try run().write(to: first)
        try run(scale: 2).write(to: second)
        try sweepJSON().write(to: URL(fileURLWithPath: sweep))
        return [first, second, sweep]
    }

    /// The text of the `svg` element with `id` in `html` (empty when absent).
    package static func svg(_ id: String, in html: String) -> String {
        guard let start = html.range(of: "<svg id=\"\(id)\"") else { return "" }
        guard let end = html.range(of: "</svg>", range: start.upperBound..<html.endIndex) else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// Occurrences of `needle` in `text`.
    package static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
