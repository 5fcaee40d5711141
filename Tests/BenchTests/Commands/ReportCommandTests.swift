import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("report command")
struct ReportCommandTests {
    /// The failed `authz-bench report` run with `arguments` (nil when it succeeds).
    static func failure(_ arguments: [String]) throws -> CLIHarness.Output? {
        let run = try CLIHarness.bench(["report"] + arguments)
        return run.status == 0 ? nil : run
    }

    @Test func writesOnePageFromRunsAndASweep() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try HTMLReportFixtures.writeInputs(in: directory)
        let out = directory.appendingPathComponent("out/report.html").path
        #expect(try CLIHarness.bench(["report"] + inputs + ["--out", out]).status == 0)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(
            HTMLReportFixtures.count(
                "<path class=\"series\"",
                in: HTMLReportFixtures.svg("percentile-spectrum", in: html)
            ) == 2 * 3
        )
        #expect(html.contains("baseline.json") && html.contains("candidate.json"))
        #expect(html.contains("<svg id=\"sweep-hit-ratio\""))
        #expect(html.contains("tinylfu at 1,000 entries"))
    }

    enum BadInput: String, CaseIterable {
        case missing, empty, truncated, binary, wrongShape, microResult, otherKind, badHistogram
    }

    /// Writes the bad input `kind` as `bad.json` in `directory` (nothing for `missing`).
    static func write(_ kind: BadInput, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("bad.json")
        let good = try HTMLReportFixtures.run().jsonData()
        let bytes: Data? =
            switch kind {
            case .missing: nil
            case .empty: Data()
            case .truncated: good.prefix(good.count / 2)
            case .binary: Data([0x00, 0xFF, 0x13, 0x89, 0x50, 0x4E, 0x47])
            case .wrongShape: Data("[1, 2, 3]".utf8)
            case .microResult: Data(#"{"schemaVersion": 1, "tool": "authz-bench", "rows": []}"#.utf8)
            case .otherKind: Data(#"{"schemaVersion": 1, "kind": "compare"}"#.utf8)
            case .badHistogram:
                Data(
                    String(decoding: try HTMLReportFixtures.sweepJSON(), as: UTF8.self)
                        .replacingOccurrences(of: "\"HISTF", with: "\"XISTF").utf8
                )
            }
        if let bytes { try bytes.write(to: path) }
        return path.path
    }

    @Test(arguments: BadInput.allCases)
    func badInputExits65NamingTheFileAndWritesNothing(kind: BadInput) throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try HTMLReportFixtures.writeInputs(in: directory)[0]
        let bad = try Self.write(kind, in: directory)
        let out = directory.appendingPathComponent("report.html").path
        let output = try CLIHarness.bench(["report", good, bad, "--out", out])
        // A missing file is no input (66); the others are malformed input (65).
        #expect(output.status == (kind == .missing ? 66 : 65), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("bad.json"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func usageErrorsExit64NamingTheFlag() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try HTMLReportFixtures.writeInputs(in: directory)
        let noOut = try Self.failure([inputs[0]])
        #expect(noOut?.status == 64)
        #expect(noOut?.message.contains("--out") == true)
        let noInput = try Self.failure(["--out", directory.appendingPathComponent("r.html").path])
        #expect(noInput?.status == 64)
        let sameFile = try Self.failure([inputs[0], inputs[1], "--out", inputs[1]])
        #expect(sameFile?.status == 64)
        #expect(sameFile?.message.contains("--out") == true)
        // The same file by another spelling of its path.
        let dotted = directory.appendingPathComponent(".").appendingPathComponent("baseline.json").path
        #expect(try Self.failure([inputs[0], "--out", dotted])?.status == 64)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: inputs[1])) == (try HTMLReportFixtures.run(scale: 2).jsonData())
        )
        // A directory cannot be created as the report file (73).
        #expect(try Self.failure([inputs[0], "--out", directory.path])?.status == 73)
    }

    @Test func runWritesItsOwnReport() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CLIHarness.bench(
            [
                "run", "--alg", "hs256", "--devices", "100", "--rate", "300", "--duration", "1s", "--warmup", "100ms",
                "--upstream-latency", "0us/0us", "--quiet", "--json", "r.json", "--report", "r.html",
            ],
            in: directory
        )
        #expect(output.status == 0 || output.status == 7, "\(output.stderr)")
        let html = try String(contentsOf: directory.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(
            HTMLReportFixtures.count(
                "<path class=\"series\"",
                in: HTMLReportFixtures.svg("percentile-spectrum", in: html)
            ) == 3,
            "inline, parked and all"
        )
        #expect(html.contains("<svg id=\"timeline-latency\""))
        #expect(html.contains("r.json"))
        let document = try ResultDocument.read(from: directory.appendingPathComponent("r.json").path)
        #expect(document.intervals.contains { $0.responseTime != nil })
    }
}
