import Foundation
import TestSupport
import Testing

/// `authz-bench capacity` through the built executable.
@Suite("capacity command")
struct CapacityCommandTests {
    @Test(arguments: [
        ["--rate", "100"], ["--closed"], ["--duration", "1s"], [], ["--slo", "p101<1ms"], ["--precision", "0%"],
        ["--start-rate", "0"], ["--start-rate", "2000", "--max-rate", "1000"], ["--repeats", "0"],
        // github-benchmark's second file and the report naming one file.
        ["--format", "github-benchmark", "--json", "capacity-test.json", "--report", "capacity-test-bigger.json"],
    ])
    func badFlagsExit64WithOneLine(arguments: [String]) throws {
        let slo = arguments.contains("--slo") || arguments.isEmpty ? [] : ["--slo", "responseTime.p99<1s"]
        let output = try CLIHarness.bench(["capacity", "--step-duration", "10m"] + slo + arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    /// Up to two rates, one step each, a generous SLO: the search writes the document and the
    /// report, and they agree with each other and with the exit code. Which steps pass is not
    /// asserted: on a busy machine a starved generator makes a step invalid (below 99% of its
    /// rate), and this test is about what the search writes, not about the machine's speed.
    @Test func aShortSearchWritesItsDocumentAndReport() throws {
        let directory = try CLIHarness.temporaryDirectory()
        let output = try CLIHarness.bench(
            [
                "capacity", "--slo", "responseTime.p99<100s,failures<100%", "--alg", "hs256", "--devices", "100",
                "--mix", "get=0,check=100,verify=0", "--upstream-deny-ratio", "0", "--upstream-latency", "0us/0us",
                "--start-rate", "200", "--max-rate", "400", "--repeats", "1", "--step-duration", "1s", "--warmup",
                "0s",
                "--max-start-lag", "off", "--json", "c.json", "--report", "c.html",
            ],
            in: directory
        )
        let data = try Data(contentsOf: directory.appendingPathComponent("c.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let environment = try #require(object["environment"] as? [String: Any])
        #expect(object["kind"] as? String == "capacity")
        // Whether a step passes depends on how busy the machine is (a starved generator makes a
        // step invalid): the document must say what happened, consistently, whichever it was.
        let steps = try #require(object["steps"] as? [[String: Any]])
        let rates = steps.compactMap { $0["rate"] as? Double }
        #expect(rates.first == 200)
        #expect(rates.allSatisfy { [200, 300, 400].contains($0) })
        #expect(object["stepCount"] as? Int == steps.count)
        let passed = zip(rates, steps).filter { $0.1["passed"] as? Bool == true }.map(\.0)
        let knee = object["knee"] as? [String: Any]
        #expect((knee?["rate"] as? Double) == (passed.isEmpty ? nil : passed.max()))
        let expected: Int32 = environment["build"] as? String == "debug" ? 7 : knee == nil ? 6 : 0
        #expect(output.status == expected, "\(output.stderr)")
        #expect(object["slo"] as? [String] == ["responseTime.p99<100s", "failures<100%"])
        if let rate = knee?["rate"] as? Double { #expect(output.stdout.contains("knee \(Int(rate)) req/s")) }
        let html = try String(contentsOf: directory.appendingPathComponent("c.html"), encoding: .utf8)
        #expect(html.contains("id=\"capacity-latency\""))

        // The report command reads the capacity document back.
        let report = try CLIHarness.bench(["report", "c.json", "--out", "again.html"], in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        let again = try String(contentsOf: directory.appendingPathComponent("again.html"), encoding: .utf8)
        #expect(again.contains("class=\"knee\"") == (knee != nil))
    }
}
