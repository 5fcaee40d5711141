import Foundation
import TestSupport
import Testing

/// `sweep --trace FILE --trace-format keys` and `--seed` through the binary.
@Suite("sweep: key-per-line traces, gzip and seeds")
struct SweepTraceFormatCommandTests {
    /// A small looping trace, gzip'd, and its JSON result path.
    static func loopTrace(in directory: URL) throws -> String {
        let keys = (0..<20).flatMap { _ in (0..<60).map(String.init) }.joined(separator: "\n")
        try ("*\n" + keys + "\n").write(
            to: directory.appendingPathComponent("loop.txt"),
            atomically: true,
            encoding: .utf8
        )
        try CLIHarness.shell("gzip -c loop.txt > loop.trace.gz", in: directory)
        return directory.appendingPathComponent("loop.trace.gz").path
    }

    static func hits(_ path: String) throws -> [String: Int] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                as? [String: Any]
        )
        let rows = try #require(document["rows"] as? [[String: Any]])
        var hits: [String: Int] = [:]
        for row in rows { hits["\(row["strategy"]!)/\(row["capacity"]!)"] = row["hits"] as? Int }
        return hits
    }

    @Test func aGzipKeysTraceSweepsTheSameEveryRun() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = try Self.loopTrace(in: directory)
        var results: [[String: Int]] = []
        for run in 0..<2 {
            let json = directory.appendingPathComponent("sweep\(run).json").path
            let output = try CLIHarness.bench([
                "sweep", "--trace", trace, "--trace-format", "keys", "--seed", "9",
                "--strategies", "lru,s3fifo,tinylfu,tinylfu-fixed", "--capacities", "30,50", "--json", json, "--quiet",
            ])
            #expect(output.status == 0, "\(output.stderr)")
            results.append(try Self.hits(json))
        }
        #expect(results[0] == results[1])
        // A loop of 60 keys: LRU of 30 or 50 never hits; 1,200 lookups of 60 keys.
        #expect(results[0]["lru/30"] == 0 && results[0]["lru/50"] == 0)
        #expect(results[0]["s3fifo/50"].map { $0 > 0 } == true)
    }

    @Test func theFirstBadLineExits65NamingItsNumber() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.txt").path
        try "1\n2\n3 3\n4\n".write(toFile: path, atomically: true, encoding: .utf8)
        let json = directory.appendingPathComponent("never.json").path
        let output = try CLIHarness.bench(["sweep", "--trace", path, "--trace-format", "keys", "--json", json])
        #expect(output.status == 65)
        #expect(output.message.hasPrefix("\(path):3: expected one key per line"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: json))
    }

    @Test(arguments: [
        (["--trace-format", "keys"], "--trace-format applies to --trace"),
        (["--trace", "x.txt", "--trace-format", "txt"], "--trace-format expects csv or keys, got 'txt'"),
        (["--trace", "x.txt", "--seed", "-1"], "--seed expects a non-negative integer, got '-1'"),
    ])
    func traceFormatMisuseExits64(arguments: [String], message: String) throws {
        let output = try CLIHarness.bench(["sweep"] + arguments)
        #expect(output.status == 64)
        #expect(output.message.contains(message), "\(output.stderr)")
    }
}
