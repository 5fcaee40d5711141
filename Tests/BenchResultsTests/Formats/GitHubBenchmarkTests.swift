import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("github-benchmark format")
struct GitHubBenchmarkTests {
    /// The entries of `data`, checked against github-action-benchmark's custom shape: an array of
    /// objects with a string `name` and `unit`, a numeric `value`, optional string `range` and
    /// `extra`, nothing else.
    static func entries(_ data: Data) throws -> [[String: Any]] {
        let array = try FormatFixtures.array(data)
        #expect(!array.isEmpty)
        for entry in array {
            #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry.keys)")
            #expect(entry["name"] is String)
            #expect(entry["unit"] is String)
            #expect(entry["value"] is NSNumber)
            if let range = entry["range"] { #expect(range is String) }
            if let extra = entry["extra"] { #expect(extra is String) }
        }
        #expect(Set(array.compactMap { $0["name"] as? String }).count == array.count, "names are unique")
        return array
    }

    /// Both files of `figures`, written through the format into a fresh directory.
    static func files(_ figures: [BenchmarkFigure]) throws -> (smaller: [[String: Any]], bigger: [[String: Any]]) {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bench.json").path
        try OutputFormat.githubBenchmark.write(to: path, result: { Data() }, figures: { figures })
        let bigger = directory.appendingPathComponent("bench-bigger.json").path
        return (
            try entries(try Data(contentsOf: URL(fileURLWithPath: path))),
            try entries(try Data(contentsOf: URL(fileURLWithPath: bigger)))
        )
    }

    @Test func runLatenciesGoToTheSmallerFileAndThroughputToTheBigger() throws {
        let document = try FormatFixtures.run()
        let (smaller, bigger) = try Self.files(BenchmarkFigure.run(document))
        let smallerNames = smaller.compactMap { $0["name"] as? String }
        let latencies = ["inline", "parked", "responseTime", "serviceTime"].flatMap { kind in
            ["latency", "latency-p99", "latency-p99-9"].map { "authz-bench/run/steady/\(kind) \($0)" }
        }
        #expect(smallerNames == latencies + ["authz-bench/run/steady failures"])
        #expect(smaller.dropLast().allSatisfy { $0["unit"] as? String == "ns" })
        #expect(smaller.last?["unit"] as? String == "%")
        let failureShare = try #require(document.summary.failureShare)
        #expect((smaller.last?["value"] as? NSNumber)?.doubleValue == failureShare * 100)
        let inline = try #require(document.latency.inline)
        #expect((smaller[1]["value"] as? NSNumber)?.uint64Value == inline.p99)
        #expect(smaller[0]["range"] as? String == "\(inline.min)..\(inline.p99)")
        #expect((smaller[7]["value"] as? NSNumber)?.uint64Value == document.latency.responseTime.p99)
        #expect(bigger.compactMap { $0["name"] as? String } == ["authz-bench/run/steady throughput"])
        #expect(bigger[0]["unit"] as? String == "req/s")
        #expect((bigger[0]["value"] as? NSNumber)?.doubleValue == document.summary.achievedRate)
        #expect((bigger[0]["extra"] as? String)?.contains("req/s achieved") == true)
    }

    @Test func microLatencyPerOperationIsSmallerAndOperationsPerSecondBigger() throws {
        let rows = FormatFixtures.microRows
        let (smaller, bigger) = try Self.files(BenchmarkFigure.micro(rows))
        #expect(smaller.compactMap { $0["name"] as? String } == rows.map { "authz-bench/micro/\($0.name) latency" })
        #expect(smaller.allSatisfy { $0["unit"] as? String == "ns/op" })
        #expect((smaller[0]["value"] as? NSNumber)?.doubleValue == rows[0].nsPerOp)
        #expect((smaller[0]["extra"] as? String)?.contains("ratio 1.001 vs libcrypto direct") == true)
        #expect(bigger.compactMap { $0["name"] as? String } == rows.map { "authz-bench/micro/\($0.name) throughput" })
        #expect(bigger.allSatisfy { $0["unit"] as? String == "ops/s" })
    }

    @Test func sweepHitRatiosAndThroughputAreBigger() throws {
        let sweep = try FormatFixtures.sweep()
        let (smaller, bigger) = try Self.files(BenchmarkFigure.sweep(sweep))
        #expect(smaller.allSatisfy { $0["unit"] as? String == "ns" })
        #expect(bigger.filter { $0["unit"] as? String == "ratio" }.count == sweep.rows.count)
        #expect(bigger.filter { $0["unit"] as? String == "lookups/s" }.count == sweep.rows.count)
        #expect(bigger.count == 2 * sweep.rows.count)
    }

    @Test(arguments: [
        ("out/bench.json", "out/bench-bigger.json"), ("bench", "bench-bigger"),
        ("/tmp/a.b/c.d.json", "/tmp/a.b/c.d-bigger.json"), (".bench", ".bench-bigger"),
    ])
    func biggerFileIsNamedBesideTheSmallerOne(path: String, expected: String) {
        #expect(GitHubBenchmark.biggerPath(for: path) == expected)
    }

    @Test func formatParsingNamesTheFlagAndTheValues() {
        #expect(throws: BenchError.invalidSetting("--format expects result, github-benchmark or bmf, got 'xml'")) {
            try OutputFormat.parse("xml", json: "x.json")
        }
        #expect(throws: BenchError.invalidSetting("--format bmf writes the --json FILE; give --json FILE")) {
            try OutputFormat.parse("bmf", json: nil)
        }
        #expect(OutputFormat.githubBenchmark.paths(json: "a.json") == ["a.json", "a-bigger.json"])
        #expect(OutputFormat.bmf.paths(json: "a.json") == ["a.json"])
    }
}
