import Foundation
import TestSupport
import Testing

/// `authz-bench run` with a rate profile or a shared total rate, through the built executable.
@Suite("run: stages, total rate and the shard index from the environment")
struct RunScheduleCommandTests {
    @Test(arguments: [
        (["--stages", "30s"], "--stages"), (["--stages", "x:10"], "--stages"), (["--stages", "10s:-1"], "--stages"),
        (["--stages", ""], "--stages"), (["--stages", "0s:100"], "--stages"),
        (["--stages", "10s:5", "--duration", "1s"], "--stages"),
        (["--stages", "10s:5", "--closed"], "--stages"), (["--total-rate", "100", "--rate", "5"], "--total-rate"),
        (["--total-rate", "100", "--closed"], "--total-rate"), (["--total-rate", "-1"], "--total-rate"),
        (["--shards", "2"], "--shards"),
        (
            ["--shard-index-env", "AUTHZ_BENCH_UNSET_SHARD_INDEX", "--shards", "2"],
            "AUTHZ_BENCH_UNSET_SHARD_INDEX"
        ),
        (
            ["--shard-index-env", "AUTHZ_BENCH_UNSET_SHARD_INDEX", "--shards", "2", "--shard", "1/2"],
            "--shard-index-env"
        ),
    ])
    func badScheduleFlagsExit64WithOneLineNamingTheFlag(arguments: [String], named: String) throws {
        let output = try CLIHarness.bench(["run"] + arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.message.contains(named), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func aStagedRunMeasuresTheIntegralOfItsRate() throws {
        let directory = try CLIHarness.temporaryDirectory()
        // 0 -> 400/s over 500 ms: (0 + 400) / 2 x 0.5 s requests, a mean of 200/s.
        let output = try CLIHarness.bench(
            [
                "run", "--alg", "hs256", "--devices", "200", "--stages", "500ms:400", "--warmup", "0s",
                "--upstream-latency", "0us/0us", "--quiet", "--json", "r.json",
            ],
            in: directory
        )
        #expect(output.status == 0 || output.status == 7, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let root = try #require(json as? [String: Any])
        let summary = try #require(root["summary"] as? [String: Any])
        let scenario = try #require(root["scenario"] as? [String: Any])
        #expect(summary["requests"] as? Int == 100)
        #expect(summary["targetRate"] as? Double == 200)
        #expect(scenario["durationMillis"] as? Int == 500)
        let stages = try #require(scenario["stages"] as? [[String: Any]])
        #expect(stages.count == 1 && stages[0]["durationMillis"] as? Int == 500 && stages[0]["rate"] as? Double == 400)
    }
}
