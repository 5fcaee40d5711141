import BenchHarness
import BenchResults
import Foundation
import Testing

/// Synthetic run results with chosen headline figures, written to temporary directories, for the
/// `compare` tests.
package enum CompareFixtures {
    /// Five deterministic relative jitters within ±2%.
    package static let jitter: [Double] = [-0.02, 0.01, 0.0, 0.02, -0.01]

    /// A valid result whose throughput and response-time p50/p99/p99.9 are the given figures, both
    /// of all requests and of those answered inline (the gate's default metrics).
    package static func document(
        rate: Double = 1_000,
        p50: Double = 100_000,
        p99: Double = 2_000_000,
        p999: Double = 5_000_000,
        valid: Bool = true
    ) throws -> ResultDocument {
        var document = try ResultDocument(SyntheticRun.result(valid: valid))
        document.summary.achievedRate = rate
        document.latency.responseTime.p50 = UInt64(p50.rounded())
        document.latency.responseTime.p99 = UInt64(p99.rounded())
        document.latency.responseTime.p999 = UInt64(p999.rounded())
        document.latency.inline?.p50 = UInt64(p50.rounded())
        document.latency.inline?.p99 = UInt64(p99.rounded())
        document.latency.inline?.p999 = UInt64(p999.rounded())
        return document
    }

    /// `count` results with every figure scaled by `1 + jitter[i]` (rotated by `phase`), and p99,
    /// p50 scaled by `p99Factor`, `p50Factor`.
    package static func repetitions(
        _ count: Int,
        phase: Int = 0,
        p50Factor: Double = 1,
        p99Factor: Double = 1,
        valid: Bool = true
    ) throws -> [ResultDocument] {
        try (0..<count).map { index in
            let scale = 1 + jitter[(index + phase) % jitter.count]
            return try document(
                rate: 1_000 * (1 - (scale - 1) / 10),
                p50: 100_000 * scale * p50Factor,
                p99: 2_000_000 * scale * p99Factor,
                p999: 5_000_000 * scale,
                valid: valid
            )
        }
    }

    /// Writes `documents` as `name/rep-N.json` under `root`; returns the directory.
    package static func write(_ documents: [ResultDocument], under root: URL, name: String) throws -> URL {
        let directory = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, document) in documents.enumerated() {
            try document.write(to: directory.appendingPathComponent("rep-\(index + 1).json").path)
        }
        return directory
    }

    /// A document whose scenario has `key` set to `value`.
    package static func with(_ document: ResultDocument, scenario key: String, _ value: JSONValue) -> ResultDocument {
        var copy = document
        var members = copy.scenario.objectValue ?? [:]
        members[key] = value
        copy.scenario = .object(members)
        return copy
    }

    /// The lines of standard error (empty lines dropped).
    package static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: true)
    }
}
