import Foundation
import TestSupport
import Testing

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
}
