import BenchHarness
import Foundation
import TestSupport
import Testing

/// `run --max-start-lag` through the built executable: bad values are usage errors, and a run
/// whose generator fell behind is invalid with the figure named.
@Suite("run --max-start-lag")
struct RunStartLagCommandTests {
    @Test(arguments: [["abc"], ["5"], ["-1ms"], ["2h"], ["5ms", "--closed"]])
    func badValuesExit64WithOneLineNamingTheFlag(values: [String]) throws {
        let output = try CLIHarness.bench(["run", "--duration", "1s", "--max-start-lag"] + values)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.message.hasPrefix("--max-start-lag "), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func runAndCapacityListTheFlag() throws {
        for command in ["run", "capacity"] {
            let help = try CLIHarness.bench([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("--max-start-lag"), "\(command) --help")
        }
    }

    /// Each worker blocks 50 ms in every 200 ms: a quarter of the sends wait behind a stall, most
    /// of them far more than 2 ms, so the start lag p99 is tens of milliseconds however fast or
    /// slow the machine is (a slower one only adds lag).
    @Test func aStalledGeneratorMakesTheRunInvalidNamingTheP99() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(
            [
                "run", "--alg", "hs256", "--devices", "100", "--threads", "1", "--rate", "400", "--duration", "1s",
                "--warmup", "0s", "--mix", "get=0,check=100,verify=0", "--upstream-latency", "0us/0us",
                "--inject-stall", "50ms@200ms", "--max-start-lag", "2ms", "--quiet", "--json", "r.json",
            ],
            in: directory
        )
        #expect(output.status == 7, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let root = try #require(json as? [String: Any])
        let summary = try #require(root["summary"] as? [String: Any])
        let scenario = try #require(root["scenario"] as? [String: Any])
        let startLag = try #require((root["latency"] as? [String: Any])?["startLag"] as? [String: Any])
        let p99 = try #require(startLag["p99"] as? Int)
        #expect(p99 > 2_000_000)
        #expect(scenario["maxStartLagMicros"] as? Int == 2_000)
        #expect(summary["valid"] as? Bool == false)
        let reasons = try #require(summary["invalidReasons"] as? [String])
        let expected =
            "start lag p99 \(LatencyText.duration(UInt64(p99))) exceeds --max-start-lag 2.00ms: "
            + "the load generator, not the code under test, fell behind"
        #expect(reasons.contains { $0.hasPrefix(expected) }, "\(reasons)")
    }
}
