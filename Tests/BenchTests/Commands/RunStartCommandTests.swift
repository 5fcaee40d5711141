import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `run --start-at` (synchronised start) and the streamed `.hlog`, through the built executable.
@Suite("run: synchronised start and streamed interval log", .serialized)
struct RunStartCommandTests {
    /// A quick run's flags (HS256, a small population, no upstream latency).
    static let quick = [
        "run", "--alg", "hs256", "--devices", "200", "--threads", "2", "--rate", "400",
        "--upstream-latency", "0us/0us", "--quiet",
    ]

    static func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
    }

    @Test(
        "A start already past beyond the grace exits 3 with one line and writes nothing",
        arguments: [["--start-at", "2020-01-01T00:00:00Z"], ["--start-at", "1577836800000", "--start-grace", "10s"]]
    )
    func missedStartWritesNothing(start: [String]) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(
            Self.quick + ["--duration", "1s", "--json", "r.json", "--hlog", "r.hlog"] + start,
            in: directory
        )
        #expect(output.status == 3, "\(output.stderr)")
        let lines = output.stderr.split(separator: "\n").filter {
            !$0.contains("DEBUG") && !$0.hasPrefix("*") && !$0.contains("build")
        }
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(
            lines.last?.hasPrefix("authz-bench run: missed the synchronised start (--start-at): ready ") == true,
            "\(output.stderr)"
        )
        #expect(try Self.files(in: directory).isEmpty)
    }

    @Test(
        "A start or grace beyond 64-bit nanoseconds exits 64 with one line, never a trap",
        arguments: [
            (["--start-at", "9999-12-31T23:59:59Z"], "--start-at 9999-12-31T23:59:59Z: outside the times"),
            (["--start-at", "999999999999999"], "--start-at 999999999999999: outside the times"),
            (["--start-at", "0001-01-01T00:00:00Z"], "--start-at 0001-01-01T00:00:00Z: outside the times"),
            (["--start-at", "1000", "--start-grace", "300000d"], "--start-grace 300000d: too long"),
        ]
    )
    func outOfRange(flags: [String], message: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(Self.quick + ["--duration", "1s", "--json", "r.json"] + flags, in: directory)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.message.contains(message), "\(output.stderr)")
        #expect(try Self.files(in: directory).isEmpty)
    }

    @Test(
        "A malformed time exits 64 naming --start-at and the forms it takes",
        arguments: ["tomorrow", "2026-11-23 19:00:00", "2026-11-23T19:00:00+02:00", "17954604000x"]
    )
    func malformedTime(time: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(
            Self.quick + ["--duration", "1s", "--json", "r.json", "--start-at", time],
            in: directory
        )
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.message.contains("--start-at \(time)"))
        #expect(output.message.contains("RFC 3339") && output.message.contains("epoch milliseconds"))
        #expect(try Self.files(in: directory).isEmpty)
    }

    @Test("A start in the future: the load starts there, and the result says where it ran")
    func futureStart() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A generous grace: a loaded machine may set up late; the start stays the requested one.
        let requested = Int64(Date().timeIntervalSince1970 * 1000) + 3_000
        let output = try CLIHarness.bench(
            Self.quick + [
                "--duration", "1s", "--warmup", "300ms", "--shard", "2/3", "--json", "r.json", "--hlog", "r.hlog",
                "--start-at", String(requested), "--start-grace", "30s",
            ],
            in: directory
        )
        let exited = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(output.status == 0 || output.status == 7, "\(output.stderr)")
        // The load (warm-up and measured phase) ran after the requested time, not before it.
        #expect(exited >= requested + 300 + 1_000)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let summary = try #require((json as? [String: Any])?["summary"] as? [String: Any])
        let start = try #require(summary["startEpochMillis"] as? Int64)
        // Cannot hold if the load started before the requested time.
        #expect(start >= requested + 300)
        #expect(summary["shard"] as? String == "2/3")
        #expect((summary["host"] as? String)?.isEmpty == false)
        let fingerprint = try #require(summary["scenarioFingerprint"] as? String)
        #expect(fingerprint.count == 16)
        let log = try String(contentsOf: directory.appendingPathComponent("r.hlog"), encoding: .utf8)
        #expect(log.contains("shard=2/3, fingerprint=\(fingerprint), "))
        #expect(log.contains("startEpochMillis=\(start), plannedSeconds=1.000]"))
        // The end line, then the verdict line, last.
        #expect(log.contains("requests=\(summary["requests"] as? Int ?? -1)]\n#[authz-bench-verdict: {"))
        #expect(log.hasSuffix("\"valid\":\(summary["valid"] as? Bool ?? false)}]\n"), "\(log.suffix(200))")
    }

    @Test("A run killed with SIGKILL leaves a valid partial log, read here and by HdrHistogram's Python port")
    func killedRunLeavesAPartialLog() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("killed.hlog").path
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = Self.quick + ["--duration", "60s", "--warmup", "0s", "--hlog", path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Wait (bounded) for a few intervals: each writes a responseTime line.
        var intervals = 0
        for _ in 0..<1_200 where intervals < 3 {
            usleep(50_000)
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            intervals = text.components(separatedBy: "Tag=responseTime,").count - 1
            if !process.isRunning { break }
        }
        try #require(intervals >= 3, "the run wrote \(intervals) intervals")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("authz-bench-end"))
        #expect(text.contains("#[authz-bench-run: "))
        let log = try HDRLog(parsing: text)
        let written = log.entries.filter { $0.tag == "responseTime" }.count
        #expect(written >= 3 && written < 60)
        // Each interval's line per histogram, then its operations' lines (as many as had requests).
        let whole = log.entries.filter { HistogramFiles.hlogTags.contains($0.tag ?? "") }
        #expect(whole.count % HistogramFiles.hlogTags.count == 0, "every interval is written whole")
        #expect(log.entries.contains { $0.tag?.hasSuffix(".inline") == true })
        guard let data = try HDRPythonPort.run(["hlog", path]) else { return }
        struct Python: Decodable { let intervals: [PythonHistogramSummary] }
        let python = try JSONDecoder().decode(Python.self, from: data)
        #expect(python.intervals.count == log.entries.count)
        #expect(python.intervals.map(\.count) == log.entries.map(\.histogram.totalCount))
    }
}
