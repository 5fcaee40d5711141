import AuthZCore
import BenchHarness
import Foundation
import TestSupport
import Testing

/// `run --record-trace` end to end: the trace holds every measured request but the attacks, and
/// `sweep --trace` replays it.
@Suite("run --record-trace")
struct RecordTraceTests {
    @Test func aClosedLoopRunWritesATraceThatSweepReplays() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let run = try CLIHarness.bench(
            [
                "run", "--alg", "hs256", "--devices", "300", "--closed", "--threads", "2", "--duration", "400ms",
                "--warmup", "100ms", "--mix", "get=55,check=20,verify=10,logout=5,attack=10", "--upstream-latency",
                "0us/0us",
                "--quiet", "--json", "r.json", "--record-trace", "t.csv",
            ],
            in: directory
        )
        #expect(run.status == 0 || run.status == 7, "\(run.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("r.json"))
            ) as? [String: Any]
        )
        let requests = try #require((json["summary"] as? [String: Any])?["requests"] as? Int)
        let attacks = try #require(
            ((json["attacks"] as? [String: Any])?["expected"] as? [String: Int])?.values.reduce(0, +)
        )
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent("t.csv")))
        let records = try TraceCSV.decode(bytes, source: "t.csv")
        // Every measured request is recorded except the attacks (they never reach the cache).
        #expect(requests > 0 && attacks > 0)
        #expect(records.count == requests - attacks)
        #expect(records.contains { $0.op == .logout } && records.contains { $0.op == .verify })
        #expect(records.allSatisfy { $0.device.hasPrefix("d") && $0.requestor.hasPrefix("req-") })

        let sweep = try CLIHarness.bench(
            ["sweep", "--trace", "t.csv", "--capacities", "16,256", "--shards", "4", "--json", "s.json"],
            in: directory
        )
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("recommendation: "))
        let result = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("s.json"))
            ) as? [String: Any]
        )
        #expect(result["kind"] as? String == "sweep")
        #expect(result["schemaVersion"] as? Int == 1)
        let scenario = try #require(result["scenario"] as? [String: Any])
        #expect(scenario["records"] as? Int == records.count)
        let rows = try #require(result["rows"] as? [[String: Any]])
        // Every strategy once per capacity (sharded with its one shard count).
        #expect(rows.count == 2 * CacheStrategyKind.allCases.count)
        let lookups = records.filter { $0.op == .get || $0.op == .check }.count
        for row in rows {
            #expect(row["requests"] as? Int == lookups)
            #expect((row["optimalHitRatio"] as? Double ?? -1) >= (row["hitRatio"] as? Double ?? 2))
            #expect((row["responseTime"] as? [String: Any])?["count"] as? Int == lookups)
            #expect((row["shards"] != nil) == (row["strategy"] as? String == "sharded"))
        }
        #expect(rows.filter { $0["best"] as? Bool == true }.count == 2)
    }

    @Test func sweepRejectsWorkloadFlagsWithATraceAndBadLists() throws {
        for arguments in [
            ["--trace", "t.csv", "--zipf", "1.1"], ["--strategies", "lru,fifo"], ["--capacities", "0"],
            ["--shards", "4,4"], ["extra"],
        ] {
            let output = try CLIHarness.bench(["sweep"] + arguments)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench") }.count == 1)
        }
    }
}
