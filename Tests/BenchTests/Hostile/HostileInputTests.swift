import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile input to every command of the real binary: the documented exit code, exactly one line on
/// stderr naming the flag or file, no crash, and no output file written, left half-written or changed.
@Suite("Hostile CLI input")
struct HostileInputTests {
    /// The files every row's output directory starts with, and their content.
    static let preexisting: [String: String] = [
        "existing.json": "ORIGINAL\n", "run-baseline.json": "ORIGINAL BASELINE\n",
        "baseline-hgrm/responseTime.hgrm": "ORIGINAL HGRM\n",
    ]

    @Test(arguments: HostileCase.all)
    func hostileInputFailsCleanly(_ row: HostileCase) throws {
        let fixtures = try HostileFixtures.directory.get().path
        let output = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        for (name, content) in Self.preexisting {
            let url = output.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(content.utf8).write(to: url)
        }
        let arguments = row.arguments.map {
            $0.replacingOccurrences(of: "@F/", with: fixtures + "/").replacingOccurrences(of: "@O", with: output.path)
        }
        let stdin = try row.stdin.map { URL(fileURLWithPath: $0.hasPrefix("/") ? $0 : try HostileFixtures.path($0)) }
        let result = try HostileProcess.run(arguments, in: output, stdinFile: stdin)

        #expect(!result.signaled, "crashed with signal \(result.status): \(result.stderr.prefix(400))")
        #expect(
            result.status == row.exit,
            "exit \(result.status), expected \(row.exit); stderr: \(result.stderr.prefix(400))"
        )
        for marker in ["Fatal error", "Stack dump", "Backtrace", "Crash", "#0 ", "0x0000"] {
            #expect(!result.stderr.contains(marker), "stderr shows a crash (\(marker)): \(result.stderr.prefix(400))")
        }
        if row.exit == 0 {
            #expect(result.stderr.isEmpty, "stderr: \(result.stderr.prefix(400))")
        } else {
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                lines.count == 2 && lines[1].isEmpty && !lines[0].isEmpty,
                "expected exactly one line on stderr, got \(lines.count - 1): \(result.stderr.prefix(400))"
            )
            #expect(
                result.stderr.contains(row.mentions),
                "stderr does not name '\(row.mentions)': \(result.stderr.prefix(400))"
            )
            #expect(result.stderr.count < 1_000, "stderr line too long: \(result.stderr.count) characters")
        }

        // Nothing written, created or changed in the output directory.
        let found = Set(FileManager.default.subpaths(atPath: output.path) ?? [])
        let expected = Set(Self.preexisting.keys).union(["baseline-hgrm"])
        #expect(
            found == expected,
            "output directory changed: extra \(found.subtracting(expected).sorted()), missing \(expected.subtracting(found).sorted())"
        )
        for (name, content) in Self.preexisting {
            let now = try? String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            #expect(now == content, "\(name) was changed")
        }
    }

    @Test func theFixturesAreValidWhereTheyShouldBe() throws {
        // The valid fixtures really are valid, so rows fail only because of the hostile value.
        let f = try HostileFixtures.directory.get().path
        let verify = try HostileProcess.run(
            [
                "token", "verify", "--alg", "es256", "--key", f + "/es256.pub", "--now", "1800000000000",
                f + "/authn.token",
            ],
            in: URL(fileURLWithPath: f),
            stdinFile: nil
        )
        #expect(verify.status == 0, "\(verify.stderr)")
        let issue = try HostileProcess.run(
            [
                "token", "issue", "--kind", "authn", "--alg", "es256", "--key", f + "/es256.pem", "--now",
                "1800000000000",
                "--device-id", String(repeating: "ab", count: 32), "--binding-key", f + "/binding.key",
            ],
            in: URL(fileURLWithPath: f),
            stdinFile: nil
        )
        #expect(issue.status == 0, "\(issue.stderr)")
        let merge = try HostileProcess.run(
            ["merge", "--quiet", f + "/result.json", f + "/run.hlog"],
            in: URL(fileURLWithPath: f),
            stdinFile: nil
        )
        #expect(merge.status == 0, "\(merge.stderr)")
    }

    @Test func aBaselineIsReplacedOnlyWithForce() throws {
        let f = try HostileFixtures.directory.get().path
        let output = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let baseline = output.appendingPathComponent("run-baseline.json")
        try Data("ORIGINAL\n".utf8).write(to: baseline)
        let refused = try HostileProcess.run(
            ["merge", "--quiet", f + "/result.json", "--json", baseline.path],
            in: output,
            stdinFile: nil
        )
        #expect(refused.status == 64)
        #expect(try String(contentsOf: baseline, encoding: .utf8) == "ORIGINAL\n")
        let forced = try HostileProcess.run(
            ["merge", "--quiet", f + "/result.json", "--json", baseline.path, "--force"],
            in: output,
            stdinFile: nil
        )
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: baseline, encoding: .utf8).contains("\"schemaVersion\""))
        // A new file named like a baseline is not protected: nothing is lost by creating it.
        let fresh = output.appendingPathComponent("new-baseline.json").path
        let created = try HostileProcess.run(
            ["merge", "--quiet", f + "/result.json", "--json", fresh],
            in: output,
            stdinFile: nil
        )
        #expect(created.status == 0, "\(created.stderr)")
    }

    /// Runs `arguments` (a short run writing `r.json`) in a new directory; its exit status, standard
    /// error and the result's summary (nil when none was written).
    static func runResult(_ arguments: [String]) throws -> (HostileProcess.Result, [String: Any]?) {
        let output = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try HostileProcess.run(arguments + ["--quiet", "--json", "r.json"], in: output, stdinFile: nil)
        let data = try? Data(contentsOf: output.appendingPathComponent("r.json"))
        let object = try data.map { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return (result, object??["summary"] as? [String: Any])
    }

    /// A process sends exactly its rate x duration, however its devices split between its workers
    /// (a shard's slice of 33 devices on 2 workers sent 11 of 10), and never more than its target.
    @Test(arguments: [
        ["--devices", "100", "--shard", "2/3"], ["--devices", "101"], ["--devices", "100", "--threads", "3"],
    ])
    func aProcessSendsExactlyItsShare(_ extra: [String]) throws {
        let (result, summary) = try Self.runResult(
            ["run", "--rate", "10", "--duration", "1s", "--warmup", "0s", "--max-start-lag", "off"] + extra
        )
        // 7 only for a debug build (or a generator too slow for 10 requests/s).
        #expect([0, 7].contains(result.status), "\(result.stderr)")
        let summary_ = try #require(summary)
        #expect(summary_["requests"] as? Int == 10)
        let reasons = summary_["invalidReasons"] as? [String] ?? []
        #expect(!reasons.contains { $0.contains("ahead of its schedule") }, "\(reasons)")
    }

    /// The most workers `--threads` takes run (each holds one of Dispatch's pool threads; 256 used
    /// to hang the process for good).
    @Test func theMostWorkersRun() throws {
        let (result, summary) = try Self.runResult([
            "run", "--threads", "128", "--devices", "256", "--rate", "100", "--duration", "1s", "--warmup", "0s",
            "--max-start-lag", "off",
        ])
        #expect(!result.signaled && [0, 7].contains(result.status), "\(result.stderr)")
        #expect(summary?["requests"] as? Int == 100)
    }

    /// A signal in the set-up (of a million devices: minutes of token signing) ends it at once:
    /// the set-up's loops check for it between devices. Nothing was measured, nothing is written.
    @Test func aSignalDuringTheSetUpEndsIt() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try InterruptCommandTests.interrupt(
            [
                "run", "--devices", "1000000", "--rate", "100", "--duration", "1s", "--warmup", "0s", "--quiet",
                "--json", "r.json", "--hlog", "r.hlog",
            ],
            in: directory,
            signal: SIGINT,
            ready: { _ in true }
        )
        #expect(result.status == 130, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench ") }
        #expect(
            lines == [
                "authz-bench run: interrupted by SIGINT during the set-up, before the load: nothing was measured or "
                    + "written"
            ],
            "\(result.stderr)"
        )
        for name in ["r.json", "r.hlog"] {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
        }
    }
}
