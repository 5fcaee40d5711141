import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Nothing is lost silently: a closed standard output costs the console text only, an output
/// directory removed during a run is an I/O error naming what was lost, and a shard stopped in its
/// warm-up is refused by `merge` as truncated rather than merged as whole.
@Suite("outputs lost, and what a stopped run leaves", .serialized)
struct LostOutputCommandTests {
    static let run = [
        "run", "--alg", "hs256", "--devices", "100", "--threads", "2", "--rate", "100", "--upstream-latency", "0us/0us",
        "--warmup", "0s", "--max-start-lag", "off", "--quiet",
    ]

    @Test func aClosedStandardOutputLosesTheConsoleTextOnly() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("r.json").path
        try ResultDocument(SyntheticRun.result()).write(to: input)
        let process = Process()
        process.executableURL = CLIHarness.executable
        process.arguments = ["merge", input, "--json", "m.json"]
        process.currentDirectoryURL = directory
        // A reader that went away (`| head -1`): every write to standard output fails.
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
    }

    @Test func anOutputDirectoryRemovedDuringTheRunIsAnIOErrorNamingTheLostLog() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputs = directory.appendingPathComponent("out")
        let result = try InterruptCommandTests.interrupt(
            Self.run + ["--duration", "3s", "--json", "out/r.json", "--hlog", "out/r.hlog"],
            in: directory,
            signal: 0,  // no signal: the run goes to its end
            ready: { directory in
                guard InterruptCommandTests.holds("out/r.hlog", "Tag=inFlight,0.000")(directory) else { return false }
                try? FileManager.default.removeItem(at: outputs)
                return true
            }
        )
        #expect(result.status == 74, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench ") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            lines.first?.contains("--hlog out/r.hlog: removed or replaced during the run") == true,
            "\(result.stderr)"
        )
        // The result itself is written atomically, its directory made again: not lost.
        #expect(FileManager.default.fileExists(atPath: outputs.appendingPathComponent("r.json").path))
    }

    @Test func aShardStoppedInItsWarmUpIsRefusedByMergeAsTruncated() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stopped = try InterruptCommandTests.interrupt(
            [
                "run", "--alg", "hs256", "--devices", "100", "--threads", "2", "--total-rate", "100", "--shard", "2/2",
                "--upstream-latency", "0us/0us", "--warmup", "1m", "--duration", "1s", "--quiet", "--hlog", "s2.hlog",
            ],
            in: directory,
            signal: SIGTERM,
            ready: InterruptCommandTests.holds("s2.hlog", "#[authz-bench-scenario: ")
        )
        #expect(stopped.status == 143, "\(stopped.stderr)")
        let log = try String(contentsOf: directory.appendingPathComponent("s2.hlog"), encoding: .utf8)
        #expect(log.contains("#[authz-bench-verdict: {\"interrupted\":\"SIGTERM\""), "\(log)")
        let merged = try CLIHarness.bench(["merge", "s2.hlog", "--allow-missing"], in: directory)
        #expect(merged.status == 7, "\(merged.stderr)")
        #expect(merged.stdout.contains("truncated: 2 (0 of 1 intervals, 1 missing)"), "\(merged.stdout)")
        let refused = try CLIHarness.bench(["merge", "s2.hlog"], in: directory)
        #expect(refused.status == 65)
        #expect(refused.message.contains("truncated"), "\(refused.stderr)")
    }

    @Test func theMergeOfInvalidShardsIsInvalid() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var shards = ShardLogs.shards(2)
        for index in shards.indices {
            shards[index].verdict = #"{"invalidReasons":["start lag p99 9ms above --max-start-lag 5ms"],"valid":false}"#
        }
        let paths = try ShardLogs.write(shards, in: directory)
        let output = try CLIHarness.bench(["merge"] + paths + ["--json", "m.json"], in: directory)
        #expect(output.status == 7, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("m.json")))
        let summary = try #require((json as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["valid"] as? Bool == false)
        #expect((summary["invalidReasons"] as? [String])?.count == 2)
    }
}

/// Small contracts: the commit a result records, the documented `sweep --shards`, a time no date
/// can name, a long output name.
@Suite("small contracts of the command line")
struct SmallContractCommandTests {
    @Test func aCommitThatIsNotOneIsIgnoredWithAWarning() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(
            [
                "sweep", "--requests", "2000", "--capacities", "100", "--strategies", "lru", "--quiet", "--json",
                "s.json",
            ],
            in: directory,
            environment: ["AUTHZ_BENCH_GIT_COMMIT": "abc\n\u{1B}[31mX"]
        )
        #expect(output.status == 0, "\(output.stderr)")
        let warnings = output.stderr.split(separator: "\n").filter { $0.contains("AUTHZ_BENCH_GIT_COMMIT") }
        #expect(warnings.count == 1, "\(output.stderr)")
        #expect(warnings.first?.contains("'abc\\n\\u{1B}[31mX' ignored") == true, "\(output.stderr)")
        #expect(!output.stderr.contains("\u{1B}"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("s.json")))
        let commit = try #require(((json as? [String: Any])?["environment"] as? [String: Any])?["gitCommit"] as? String)
        #expect(Environment.isCommit(commit), "\(commit)")
        let taken = try CLIHarness.bench(
            [
                "sweep", "--requests", "2000", "--capacities", "100", "--strategies", "lru", "--quiet", "--json",
                "t.json",
            ],
            in: directory,
            environment: ["AUTHZ_BENCH_GIT_COMMIT": "0123456789ab-dirty"]
        )
        #expect(!taken.stderr.contains("AUTHZ_BENCH_GIT_COMMIT"))
        let again = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("t.json")))
        #expect(
            ((again as? [String: Any])?["environment"] as? [String: Any])?["gitCommit"] as? String
                == "0123456789ab-dirty"
        )
    }

    @Test func theDocumentedShardListOfSweepWorks() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(
            [
                "sweep", "--requests", "2000", "--capacities", "100", "--strategies", "sharded", "--shards", "4,16",
                "--quiet", "--json", "s.json",
            ],
            in: directory
        )
        #expect(output.status == 0, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("s.json")))
        let rows = try #require((json as? [String: Any])?["rows"] as? [[String: Any]])
        #expect(rows.compactMap { $0["shards"] as? Int } == [4, 16])
    }

    @Test func anExpiryNoTimeHoldsIsNamedOutOfRange() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("k.bin")
        try Data((0..<32).map { UInt8($0) }).write(to: key)
        let issued = try CLIHarness.bench([
            "token", "issue", "--kind", "media", "--alg", "hs256", "--key", key.path, "--now", "1800000000000",
        ])
        #expect(issued.status == 0, "\(issued.stderr)")
        // inspect does not check the signature: a forged issueTime is shown for what it is.
        let forged = issued.stdout.replacingOccurrences(
            of: "<issueTime>1800000000000</issueTime>",
            with: "<issueTime>9223372036854775807</issueTime>"
        )
        let output = try CLIHarness.bench(
            ["token", "inspect", "--now", "1800000000000", "-"],
            input: Data(forged.utf8)
        )
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix("issueTime") && $0.contains("out of range") && $0.contains("after year 9999")
            }
        )
        #expect(
            lines.contains { $0.hasPrefix("expires") && $0.contains("out of range: issueTime + ttl") },
            "\(output.stdout)"
        )
    }

    @Test func aLongOutputNameIsWritten() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("r.json").path
        try ResultDocument(SyntheticRun.result()).write(to: input)
        let name = String(repeating: "n", count: 245) + ".json"
        let output = try CLIHarness.bench(["merge", input, "--quiet", "--json", name], in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path))
    }
}
