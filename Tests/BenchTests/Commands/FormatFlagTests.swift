import Foundation
import TestSupport
import Testing

@Suite("--format and --metrics-textfile through the binary")
struct FormatFlagTests {
    /// The quickest run: closed loop, no warm-up, a small population.
    static let quickRun = [
        "run", "--closed", "--duration", "200ms", "--warmup", "0s", "--devices", "50", "--threads", "1",
        "--quiet",
    ]

    @Test(arguments: [["run"], ["micro"], ["sweep"]])
    func badFormatExits64NamingTheFlagAndTheValues(command: [String]) throws {
        let output = try CLIHarness.bench(command + ["--format", "xml", "--json", "/tmp/never-written.json"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.message == "--format expects result, github-benchmark or bmf, got 'xml'")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.json"))
    }

    @Test(arguments: ["github-benchmark", "bmf"])
    func aDashboardFormatWithoutJsonExits64(format: String) throws {
        let output = try CLIHarness.bench(["micro", "--format", format])
        #expect(output.status == 64)
        #expect(output.message.contains("--json FILE"))
    }

    @Test func runWritesBothGitHubBenchmarkFiles() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bench.json").path
        let output = try CLIHarness.bench(Self.quickRun + ["--format", "github-benchmark", "--json", path])
        #expect([0, 7].contains(output.status), "\(output.stderr)")
        let smaller = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]]
        )
        let bigger = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: directory.appendingPathComponent("bench-bigger.json"))
            ) as? [[String: Any]]
        )
        // Three latency measures each of inline, parked, responseTime and serviceTime, then of each
        // operation's inline, then failures.
        let names = smaller.compactMap { $0["name"] as? String }
        let operations = names.dropFirst(12).dropLast().filter { $0.hasSuffix(".inline latency") }
        #expect(!operations.isEmpty && smaller.count == 13 + 3 * operations.count)
        #expect(smaller.dropLast().allSatisfy { $0["unit"] as? String == "ns" })
        #expect(names.contains("authz-bench/run/custom/check.inline latency-p99"))
        #expect(
            smaller.last?["name"] as? String == "authz-bench/run/custom failures"
                && smaller.last?["unit"] as? String == "%"
        )
        // Each operation's throughput, then the run's.
        #expect(bigger.last?["name"] as? String == "authz-bench/run/custom throughput")
        #expect(bigger.count == 1 + operations.count)
        #expect(bigger.contains { $0["name"] as? String == "authz-bench/run/custom/check throughput" })
    }

    @Test func microAndSweepWriteBencherMetricFormat() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let micro = directory.appendingPathComponent("micro.json").path
        let output = try CLIHarness.bench([
            "micro", "--filter", "^histogram.record$", "--iterations", "1000", "--quiet",
            "--format", "bmf", "--json", micro,
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let microDocument = try JSONDecoder().decode(
            [String: [String: [String: Double]]].self,
            from: Data(contentsOf: URL(fileURLWithPath: micro))
        )
        #expect(Set(microDocument.keys) == ["authz-bench/micro/histogram.record"])

        let sweep = directory.appendingPathComponent("sweep.json").path
        let swept = try CLIHarness.bench([
            "sweep", "--strategies", "lru", "--capacities", "100", "--requests", "2000",
            "--devices", "50", "--quiet", "--format", "bmf", "--json", sweep,
        ])
        #expect(swept.status == 0, "\(swept.stderr)")
        let sweepDocument = try JSONDecoder().decode(
            [String: [String: [String: Double]]].self,
            from: Data(contentsOf: URL(fileURLWithPath: sweep))
        )
        let hitRatio = try #require(sweepDocument["authz-bench/sweep/lru/100"]?["hit-ratio"])
        #expect((0...1).contains(hitRatio["value"] ?? -1))
    }

    @Test(arguments: ["metrics.txt", ""])
    func aMetricsTextfileNotEndingInPromExits64(name: String) throws {
        let output = try CLIHarness.bench(Self.quickRun + ["--metrics-textfile", name])
        #expect(output.status == 64)
        #expect(output.message.hasPrefix("--metrics-textfile expects a file name ending in .prom"))
    }

    @Test func runLeavesAFinalTextfile() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("authz-bench.prom")
        let output = try CLIHarness.bench(Self.quickRun + ["--metrics-textfile", path.path])
        #expect([0, 7].contains(output.status), "\(output.stderr)")
        guard let families = try PrometheusParser.parse(path) else { return }
        #expect(families.first { $0.name == "authz_bench_running" }?.samples.first?.value == 0)
        let requests = families.first { $0.name == "authz_bench_requests" }?.samples ?? []
        #expect(requests.contains { $0.value > 0 })
        #expect(requests.allSatisfy { $0.labels["scenario"] == "custom" && $0.labels["shard"] == "1/1" })
    }

    @Test func theTextfileIsFedEveryMeasuredSecondAndItsCountersAddUpToTheResult() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("authz-bench.prom")
        let json = directory.appendingPathComponent("run.json").path
        let output = try CLIHarness.bench([
            "run", "--rate", "200", "--duration", "3s", "--warmup", "0s", "--devices", "50",
            "--threads", "1", "--upstream-latency", "0us/0us", "--quiet", "--metrics-textfile", path.path, "--json",
            json,
        ])
        #expect([0, 7].contains(output.status), "\(output.stderr)")
        guard let families = try PrometheusParser.parse(path) else { return }
        // One update per measured second reached the file through the run's per-interval hook.
        #expect(families.first { $0.name == "authz_bench_intervals" }?.samples.first?.value == 3)
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        )
        let summary = try #require(result["summary"] as? [String: Any])
        let requests = families.first { $0.name == "authz_bench_requests" }?.samples.reduce(0) { $0 + $1.value } ?? -1
        #expect(requests == Double(try #require(summary["requests"] as? Int)))
    }
}
