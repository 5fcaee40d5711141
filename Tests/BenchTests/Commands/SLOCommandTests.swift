import Foundation
import TestSupport
import Testing

/// `run --slo` and `run --markdown` through the built executable.
@Suite("run --slo and --markdown")
struct SLOCommandTests {
    /// A short hs256 run with no upstream latency, in `directory`.
    static func shortRun(_ extra: [String], in directory: URL) throws -> CLIHarness.Output {
        try CLIHarness.bench(
            [
                "run", "--alg", "hs256", "--devices", "200", "--rate", "300", "--duration", "400ms", "--warmup",
                "100ms",
                "--upstream-latency", "0us/0us", "--json", "r.json",
            ] + extra,
            in: directory
        )
    }

    /// The `slo` array and the build of `r.json` in `directory`.
    static func sloOfResult(in directory: URL) throws -> (slo: [[String: Any]], debug: Bool) {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let object = try #require(json as? [String: Any])
        let slo = try #require(object["slo"] as? [[String: Any]])
        let environment = try #require(object["environment"] as? [String: Any])
        return (slo, environment["build"] as? String == "debug")
    }

    @Test func anImpossibleObjectiveExits6AndIsRecordedAsNotMet() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let output = try Self.shortRun(["--slo", "responseTime.p99<1ns", "--markdown", "summary.md"], in: directory)
        let (slo, debug) = try Self.sloOfResult(in: directory)
        // A debug build's run is invalid: 7 wins over 6.
        #expect(output.status == (debug ? 7 : 6), "\(output.stderr)")
        #expect(slo.count == 1)
        #expect(slo.first?["expression"] as? String == "responseTime.p99<1ns")
        #expect(slo.first?["met"] as? Bool == false)
        #expect((slo.first?["actual"] as? Double ?? 0) > 1)
        #expect(output.stdout.contains("BREACHED"))
        let markdown = try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("| `responseTime.p99<1ns` |"))
        #expect(markdown.contains("**BREACHED**"))
    }

    @Test func aGenerousObjectiveIsMet() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let output = try Self.shortRun(
            ["--slo", "responseTime.p99<100s,failures<100%,throughput>=1", "--quiet"],
            in: directory
        )
        let (slo, debug) = try Self.sloOfResult(in: directory)
        #expect(output.status == (debug ? 7 : 0), "\(output.stderr)")
        #expect(slo.count == 3)
        #expect(slo.allSatisfy { $0["met"] as? Bool == true })
    }

    @Test(arguments: [
        "p99<", "responseTime.p101<1ms", "failures<200%", "latency.p99<1ms", "responseTime.p99<5", "failures<1%,",
    ])
    func aBadObjectiveExits64BeforeRunning(expression: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        // A long run: if the flag were checked after it, the test would take minutes.
        let output = try CLIHarness.bench(
            ["run", "--duration", "10m", "--slo", expression, "--json", "r.json"],
            in: directory
        )
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("--slo '"))
        #expect(output.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("r.json").path))
    }
}
