import BenchHarness
import BenchResults
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

    /// Two rates, one step each, a generous SLO, the start-lag bound off: the search runs to the
    /// `--max-rate` cap, or stops below it, and writes the document and the report. Which steps
    /// pass is the machine's to say, not this test's: a step is saturated when it achieved less
    /// than 99% of its rate, and a last send that a busy machine delays past the end of a
    /// 1-second step does that. So nothing here depends on the verdicts: the steps are the ones
    /// the search takes for the verdicts recorded (replayed through `CapacitySearch`), the knee is
    /// its outcome, the exit code, the closing line and the report follow the knee, and a step
    /// fails only for the reason the machine can give.
    @Test func aShortSearchWritesItsDocumentAndReport() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
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
        let document = try JSONDecoder().decode(CapacityDocument.self, from: data)
        #expect(document.kind == "capacity")
        #expect(document.slo == ["responseTime.p99<100s", "failures<100%"])
        let debug = document.environment.build == "debug"
        #expect(output.status == (debug ? 7 : document.knee == nil ? 6 : 0), "\(output.stderr)")

        // Every step met the objectives (no rate breaks them); one that failed says the generator
        // fell behind, and no other reason (a lost or doubled request is never the machine's).
        #expect(!document.steps.isEmpty)
        #expect(document.stepCount == document.steps.count)
        for step in document.steps {
            #expect(step.sloMet, "\(step.actuals)")
            #expect(step.passed == (step.valid && step.sloMet))
            #expect(step.valid == step.invalidReasons.isEmpty)
            let reasons = step.invalidReasons
            #expect(reasons.allSatisfy { $0.contains("the load generator saturated") }, "\(reasons)")
        }

        // The search replayed with the recorded verdicts takes the same steps and finds the same knee.
        var search = CapacitySearch(CapacitySearch.Settings(startRate: 200, precision: 0.05, repeats: 1, maxRate: 400))
        var verdicts = document.steps.map(\.passed).makeIterator()
        let outcome = search.run { _ in verdicts.next() ?? false }
        #expect(search.trials.map(\.rate) == document.steps.map(\.rate))
        #expect(search.trials.map(\.passed) == document.steps.map(\.passed))
        switch outcome {
        case .knee(let lower, let upper):
            #expect(document.knee == CapacityDocument.Knee(rate: lower, lower: lower, upper: upper))
        case .failedAtStart:
            #expect(document.knee == nil)
        }
        #expect(output.stdout.contains(document.kneeLine), "\(output.stdout)")

        let html = try String(contentsOf: directory.appendingPathComponent("c.html"), encoding: .utf8)
        #expect(html.contains("id=\"capacity-latency\""))
        // The report command reads the capacity document back, and marks its knee when it has one.
        let report = try CLIHarness.bench(["report", "c.json", "--out", "again.html"], in: directory)
        #expect(report.status == 0, "\(report.stderr)")
        let again = try String(contentsOf: directory.appendingPathComponent("again.html"), encoding: .utf8)
        #expect(again.contains("id=\"capacity-latency\""))
        #expect(again.contains("class=\"knee\"") == (document.knee != nil))
    }
}
