import Foundation
import TestSupport
import Testing

/// `authz-bench run`'s named scenarios and its session and upstream flags, through the built
/// executable: bad values exit 64 with one line naming the flag, and a run records its scenario.
@Suite("run: named scenarios and upstream flags")
struct RunScenarioCommandTests {
    @Test(arguments: [
        (["--favorites", "0"], "--favorites"),
        (["--favorites", "x"], "--favorites"),
        (["--arrivals", "bursty"], "--arrivals"),
        (["--cold=1"], "--cold"),
        (["--concurrency", "8"], "--concurrency"),
        (["--concurrency", "0", "--closed"], "--concurrency"),
        (["--refresh-ahead", "1"], "--refresh-ahead"),
        (["--refresh-ahead", "never"], "--refresh-ahead"),
        (["--upstream-errors", "2"], "--upstream-errors"),
        (["--upstream-errors", "x"], "--upstream-errors"),
        (["--upstream-timeout", "0ms"], "--upstream-timeout"),
        (["--upstream-timeout", "soon"], "--upstream-timeout"),
        (["--upstream-outage", "5s"], "--upstream-outage"),
        (["--upstream-outage", "5s@1h"], "--upstream-outage"),
        (["--upstream-max-in-flight", "0"], "--upstream-max-in-flight"),
        (["--deny-ttl", "soon"], "--deny-ttl"),
        (["--deny-ttl", "2d"], "--deny-ttl"),
        (["--scenario", "nope"], "--scenario"),
        (["--scenario"], "--scenario"),
    ])
    func badValuesExit64NamingTheFlag(arguments: [String], flag: String) throws {
        let output = try CLIHarness.bench(["run", "--duration", "1s"] + arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.message.hasPrefix(flag), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func anUnknownScenarioListsTheNames() throws {
        let output = try CLIHarness.bench(["run", "--scenario", "nope"])
        #expect(output.status == 64)
        for name in ["steady", "cold-start", "expiry-stampede", "upstream-outage", "attack-flood"] {
            #expect(output.message.contains(name), "\(output.stderr)")
        }
    }

    @Test func theHelpListsTheScenariosAndTheUpstreamFlags() throws {
        let output = try CLIHarness.bench(["run", "--help"])
        #expect(output.status == 0)
        for word in [
            "--scenario", "steady", "cold-start", "expiry-stampede", "upstream-outage", "attack-flood",
            "--favorites", "--arrivals", "--cold", "--concurrency", "--refresh-ahead", "--upstream-errors",
            "--upstream-timeout", "--upstream-outage", "--upstream-max-in-flight", "--upstream-latency M/P", "200ms/1s",
            "--deny-ttl", "--deny-ttl 30s",
        ] {
            #expect(output.stdout.contains(word), "\(word) missing from run --help")
        }
    }

    @Test func aRunRecordsItsNamedScenarioAndTheUpstreamSettings() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let output = try CLIHarness.bench(
            [
                "run", "--scenario", "attack-flood", "--alg", "hs256", "--devices", "50", "--rate", "300",
                "--duration", "300ms", "--warmup", "100ms", "--upstream-latency", "0us/0us", "--refresh-ahead", "off",
                "--upstream-timeout", "2s", "--quiet", "--json", "r.json",
            ],
            in: directory
        )
        #expect(output.status == 0 || output.status == 7, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
        let scenario = try #require((json as? [String: Any])?["scenario"] as? [String: Any])
        #expect(scenario["name"] as? String == "attack-flood")
        #expect((scenario["mix"] as? [String: Any])?["attack"] as? Int == 50)
        #expect(scenario["refreshAhead"] is NSNull)
        #expect(scenario["upstreamTimeoutMillis"] as? Int == 2_000)
        #expect(scenario["favorites"] as? Int == 4 && scenario["cold"] as? Bool == false)
        #expect(scenario["arrivals"] as? String == "uniform")
        #expect(scenario["upstreamOutageMillis"] is NSNull && scenario["concurrency"] is NSNull)
    }
}
