import Foundation
import TestSupport
import Testing

/// `authz-bench run` and `merge` end to end, through the built executable.
@Suite("run and merge commands")
struct RunCommandTests {
    @Test(arguments: [
        ["--mix", "get=50"], ["--rate", "0"], ["--closed", "--rate", "5"], ["--shard", "3/2"], ["extra"],
        ["--json", "/proc/no/such/dir/r.json"], ["--hgrm", "/etc/hostname"], ["--devices", "0"],
    ])
    func badFlagsExit64WithOneLine(arguments: [String]) throws {
        let output = try CLIHarness.bench(["run", "--duration", "1s"] + arguments)
        // An output that cannot be created (a directory that cannot be made, a file where a
        // directory goes) is 73; the rest are usage errors.
        let cannotCreate = arguments.first == "--json" || arguments.first == "--hgrm"
        #expect(output.status == (cannotCreate ? 73 : 64), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func aShortRunWritesEveryOutputAndADebugBuildIsMarkedInvalid() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let output = try CLIHarness.bench(
            [
                "run", "--alg", "hs256", "--devices", "200", "--rate", "400", "--duration", "600ms", "--warmup",
                "200ms",
                "--mix", "get=60,check=20,verify=10,attack=10", "--upstream-latency", "0us/0us", "--quiet",
                "--json", "r.json", "--hgrm", "hgrm", "--hlog", "r.hlog",
            ],
            in: directory
        )
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let summary = try #require((json as? [String: Any])?["summary"] as? [String: Any])
        let environment = try #require((json as? [String: Any])?["environment"] as? [String: Any])
        if environment["build"] as? String == "debug" {
            // The contract: a debug build's figures are not trusted; the run is invalid and exits 7.
            #expect(output.status == 7)
            #expect(summary["valid"] as? Bool == false)
            #expect((summary["invalidReasons"] as? [String])?.contains { $0.contains("debug") } == true)
        } else {
            #expect(output.status == 0 || output.status == 7)
        }
        #expect((summary["requests"] as? Int ?? 0) > 0)
        for name in ["responseTime.hgrm", "serviceTime.hgrm", "startLag.hgrm"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("hgrm/\(name)").path))
        }
        // The log says it is shard 1/1: given twice, it is refused rather than counted twice.
        let twice = try CLIHarness.bench(
            ["merge", "r.hlog", "r.hlog", "--json", "twice.json", "--quiet"],
            in: directory
        )
        #expect(twice.status == 65 && twice.message.contains("given twice"), "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("twice.json").path))
        // The log's verdict line carries the run's: the merge of an invalid run is invalid too.
        let merged = try CLIHarness.bench(["merge", "r.hlog", "--json", "m.json", "--quiet"], in: directory)
        #expect(merged.status == (summary["valid"] as? Bool == false ? 7 : 0), "\(merged.stderr)")
        let mergedJSON = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.appendingPathComponent("m.json"))
        )
        let mergedSummary = try #require((mergedJSON as? [String: Any])?["summary"] as? [String: Any])
        #expect(mergedSummary["requests"] as? Int == summary["requests"] as? Int)
    }

    @Test func mergeRejectsBadInputWithItsName() throws {
        let directory = try CLIHarness.temporaryDirectory()
        try Data([0xFF, 0x00, 0x13]).write(to: directory.appendingPathComponent("binary.hlog"))
        let output = try CLIHarness.bench(["merge", "binary.hlog"], in: directory)
        #expect(output.status == 65)
        #expect(output.stderr.contains("binary.hlog"))
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(try CLIHarness.bench(["merge"]).status == 64)
    }
}
