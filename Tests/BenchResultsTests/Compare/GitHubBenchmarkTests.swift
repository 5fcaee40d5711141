import Foundation
import Testing
import BenchHarness
import BenchResults
import TestSupport

@Suite("github-benchmark format")
struct GitHubBenchmarkTests {
    /// The entries of `data`, checked to be an array of objects with name, unit and a numeric value.
    static func entries(_ data: Data) throws -> [[String: Any]] {
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        for entry in array {
            #expect(entry["name"] is String)
            #expect(entry["unit"] is String)
            #expect(entry["value"] is NSNumber)
        }
        return array
    }

    @Test func runFiguresAreResponseAndServiceTimePercentilesInNanoseconds() throws {
        let document = try ResultDocument(SyntheticRun.outcome())
        let array = try Self.entries(try GitHubBenchmark.jsonData(GitHubBenchmark.entries(run: document)))
        let names = array.compactMap { $0["name"] as? String }
        #expect(names == ["run.responseTime.p50", "run.responseTime.p99", "run.responseTime.p99.9",
                          "run.serviceTime.p50", "run.serviceTime.p99"])
        #expect(array.allSatisfy { $0["unit"] as? String == "ns" })
        #expect((array[1]["value"] as? NSNumber)?.uint64Value == document.latency.responseTime.p99)
        #expect((array[4]["value"] as? NSNumber)?.uint64Value == document.latency.serviceTime.p99)
        #expect((array[0]["extra"] as? String)?.contains("req/s achieved") == true)
    }

    @Test func closedLoopAddsNanosecondsPerRequest() throws {
        var document = try ResultDocument(SyntheticRun.outcome(closed: true))
        document.summary.achievedRate = 4_000
        let entries = GitHubBenchmark.entries(run: document)
        let perRequest = try #require(entries.first { $0.name == "run.nsPerRequest" })
        #expect(perRequest.value == 250_000)
    }

    @Test func microFiguresAreNanosecondsPerOperationPerRow() throws {
        let rows = [
            MicroResult(name: "crypto.verify.es256.t1", threads: 1, nsPerOp: 42_045.1, p99: 43_210, opsPerSec: 23_784,
                reference: 41_988.2, referenceLabel: "libcrypto direct", ratio: 1.001, libcryptoAllocsPerOp: 37,
                iterationsPerBatch: 95, batches: 21),
            MicroResult(name: "histogram.record", threads: 1, nsPerOp: 3.5, p99: 4, opsPerSec: 2.8e8, reference: nil,
                referenceLabel: nil, ratio: nil, libcryptoAllocsPerOp: nil, iterationsPerBatch: 1_000_000, batches: 21),
        ]
        let array = try Self.entries(try GitHubBenchmark.jsonData(GitHubBenchmark.entries(micro: rows)))
        #expect(array.count == 2)
        #expect(array[0]["name"] as? String == "crypto.verify.es256.t1")
        #expect(array[0]["unit"] as? String == "ns/op")
        #expect((array[0]["value"] as? NSNumber)?.doubleValue == 42_045.1)
        #expect((array[0]["extra"] as? String)?.contains("ratio 1.001 vs libcrypto direct") == true)
    }

    @Test func runFormatFlagWritesTheArray() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bench.json").path
        let output = try CLIHarness.bench(["run", "--closed", "--duration", "200ms", "--warmup", "0s", "--devices", "50",
            "--threads", "1", "--quiet", "--format", "github-benchmark", "--json", path])
        #expect([0, 7].contains(output.status), "\(output.stderr)")
        let array = try Self.entries(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(array.count == 6)
        #expect(try CLIHarness.bench(["run", "--format", "github-benchmark"]).status == 64)
        #expect(try CLIHarness.bench(["micro", "--format", "xml", "--json", path]).status == 64)
    }

    @Test func microFormatFlagWritesTheArray() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("micro.json").path
        let output = try CLIHarness.bench(["micro", "--filter", "^histogram.record$", "--iterations", "1000", "--quiet",
            "--format", "github-benchmark", "--json", path])
        #expect(output.status == 0, "\(output.stderr)")
        let array = try Self.entries(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(array.map { $0["name"] as? String } == ["histogram.record"])
    }
}
