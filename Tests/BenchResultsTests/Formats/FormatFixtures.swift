import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// Constructed inputs of the dashboard formats: a run result, micro rows and a sweep.
enum FormatFixtures {
    /// A run result of the named scenario `steady`.
    static func run(closed: Bool = false) throws -> ResultDocument {
        var document = try ResultDocument(SyntheticRun.result(closed: closed))
        if case .object(var scenario) = document.scenario {
            scenario["name"] = .string("steady")
            document.scenario = .object(scenario)
        }
        return document
    }

    /// Two micro rows, one with a reference loop.
    static let microRows = [
        MicroResult(
            name: "crypto.verify.es256.t1",
            threads: 1,
            nsPerOp: 42_045.1,
            p99: 43_210,
            opsPerSec: 23_784,
            reference: 41_988.2,
            referenceLabel: "libcrypto direct",
            ratio: 1.001,
            libcryptoAllocsPerOp: 37,
            iterationsPerBatch: 95,
            batches: 21
        ),
        MicroResult(
            name: "histogram.record",
            threads: 1,
            nsPerOp: 3.5,
            p99: 4,
            opsPerSec: 2.8e8,
            reference: nil,
            referenceLabel: nil,
            ratio: nil,
            libcryptoAllocsPerOp: nil,
            iterationsPerBatch: 1_000_000,
            batches: 21
        ),
    ]

    /// A sweep of two strategies at two capacities, one sharded.
    static func sweep() throws -> SweepDocument {
        var rows: [SweepRow] = []
        for (index, capacity) in [1_000, 10_000].enumerated() {
            rows.append(
                SweepRow(
                    strategy: "lru",
                    capacity: capacity,
                    requests: 10_000,
                    hits: 6_000 + 1_000 * index,
                    optimalHits: 8_000 + 500 * index,
                    responseTime: SyntheticRun.histogram(base: 40, count: 500),
                    elapsedNanos: 2_000_000,
                    bytesPerEntry: 120
                )
            )
            rows.append(
                SweepRow(
                    strategy: "sharded",
                    capacity: capacity,
                    shards: 4,
                    requests: 10_000,
                    hits: 6_500 + 900 * index,
                    optimalHits: 8_000 + 500 * index,
                    responseTime: SyntheticRun.histogram(base: 55, count: 500),
                    elapsedNanos: 2_500_000,
                    bytesPerEntry: 140,
                    best: true
                )
            )
        }
        return try SweepDocument(
            scenario: .object(["source": .string("synthetic")]),
            rows: rows,
            environment: SyntheticRun.environment()
        )
    }

    /// The JSON object in `data`.
    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The JSON array of objects in `data`.
    static func array(_ data: Data) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }
}
