import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("compare command")
struct CompareCommandTests {
    typealias F = CompareFixtures

    /// Runs `authz-bench compare` with `arguments`.
    static func compare(_ arguments: [String]) throws -> CLIHarness.Output {
        try CLIHarness.bench(["compare"] + arguments)
    }

    @Test func identicalSidesExitZero() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let documents = try F.repetitions(5)
        let base = try F.write(documents, under: root, name: "base")
        let candidate = try F.write(documents, under: root, name: "candidate")
        let output = try Self.compare([base.path, candidate.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("verdict: unchanged"))
        #expect(!output.stdout.contains("fewer than 5"))
    }

    @Test func p99TwentyPercentWorseInEveryRepetitionIsARegression() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let candidate = try F.write(try F.repetitions(5, phase: 2, p99Factor: 1.2), under: root, name: "candidate")
        let markdown = root.appendingPathComponent("out/summary.md").path
        let json = root.appendingPathComponent("out/verdict.json").path
        let output = try Self.compare([base.path, candidate.path, "--markdown", markdown, "--json", json])
        #expect(output.status == 2, "\(output.stderr)")
        let p99Line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("inline.p99 ") })
        #expect(p99Line.hasSuffix("regression"))
        #expect(p99Line.contains("+20.0%"))
        let p50Line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("inline.p50 ") })
        #expect(p50Line.hasSuffix("unchanged"))

        let summary = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(summary.hasPrefix("## Benchmark regression\n"))
        #expect(summary.contains("| inline.p99 |"))
        #expect(summary.contains("**regression**"))

        let verdict = try JSONDecoder().decode(
            ComparisonReport.self,
            from: Data(contentsOf: URL(fileURLWithPath: json))
        )
        #expect(verdict.verdict == "regression")
        #expect(verdict.exitCode == 2)
        #expect(verdict.method == "mann-whitney-u+bootstrap")
        let p99 = try #require(verdict.metrics.first { $0.metric == "inline.p99" })
        #expect(p99.verdict == .regression)
        #expect(try #require(p99.pValue) < 0.05)
        let interval = try #require(p99.interval)
        #expect(interval[0] > 0.1 && interval[1] < 0.3)
        #expect(p99.baselineValues.count == 5 && p99.candidateValues.count == 5)
    }

    @Test func onlyImprovementsExitFour() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let candidate = try F.write(
            try F.repetitions(5, phase: 1, p50Factor: 0.8, p99Factor: 0.7),
            under: root,
            name: "candidate"
        )
        let output = try Self.compare([base.path, candidate.path])
        #expect(output.status == 4, "\(output.stderr)")
        #expect(output.stdout.contains("verdict: improvement: inline.p50 -20.0%, inline.p99 -30.0%"))
    }

    @Test func jitterWithinTheNoiseBandExitsZero() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        // Same figures within ±2%, in another order, and 1.5% worse p99: inside the 5% band.
        let candidate = try F.write(try F.repetitions(5, phase: 3, p99Factor: 1.015), under: root, name: "candidate")
        let output = try Self.compare([base.path, candidate.path, "--threshold", "5%"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    }

    @Test func aSignificantChangeWithinTheBandIsUnchanged() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let candidate = try F.write(try F.repetitions(5, p99Factor: 1.2), under: root, name: "candidate")
        // 20% worse is beyond a 5% band but not beyond a 25% band.
        #expect(try Self.compare([base.path, candidate.path, "--threshold", "25"]).status == 0)
        #expect(try Self.compare([base.path, candidate.path, "--threshold", "5%"]).status == 2)
    }

    @Test func listsOfFilesPerSide() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let candidate = try F.write(try F.repetitions(5, p99Factor: 1.2), under: root, name: "candidate")
        let baseFiles = (1...5).map { base.appendingPathComponent("rep-\($0).json").path }
        let candidateFiles = (1...5).map { candidate.appendingPathComponent("rep-\($0).json").path }
        let output = try Self.compare(["--baseline"] + baseFiles + ["--candidate"] + candidateFiles + ["--quiet"])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
    }

    @Test func fewerThanFiveRepetitionsFallsBackToThePlainThreshold() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(3), under: root, name: "base")
        let candidate = try F.write(try F.repetitions(3, p99Factor: 1.2), under: root, name: "candidate")
        let markdown = root.appendingPathComponent("summary.md")
        let output = try Self.compare([base.path, candidate.path, "--markdown", markdown.path])
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "fewer than 5 repetitions per side: plain 5% threshold on the medians, no significance test"
            )
        )
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("fewer than 5 repetitions per side"))
        let single = try Self.compare([
            base.appendingPathComponent("rep-1.json").path, base.appendingPathComponent("rep-2.json").path,
        ])
        #expect(single.status == 0)
        #expect(single.stdout.contains("fewer than 5 repetitions"))
    }

    @Test func metricsListSelectsWhatIsGated() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let candidate = try F.write(try F.repetitions(5, p99Factor: 1.2), under: root, name: "candidate")
        let output = try Self.compare([base.path, candidate.path, "--metrics", "throughput,p50,serviceTime.p99"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("serviceTime.p99"))
        #expect(!output.stdout.contains("inline.p99 "))
        #expect(try Self.compare([base.path, candidate.path, "--metrics", "latency.p42"]).status == 64)
    }

    @Test func anInvalidCandidateExitsSeven() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        var documents = try F.repetitions(5)
        documents[3] = try F.document(valid: false, repetition: 3)
        let candidate = try F.write(documents, under: root, name: "candidate")
        let output = try Self.compare([base.path, candidate.path])
        #expect(output.status == 7)
        #expect(output.stdout.contains("rep-4.json is invalid: achieved 900 req/s"))
    }

    @Test func missingBaselineExitsFive() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let candidate = try F.write(try F.repetitions(1), under: root, name: "candidate")
        let missing = try Self.compare([root.appendingPathComponent("nope.json").path, candidate.path])
        #expect(missing.status == 5)
        #expect(F.lines(missing.stderr).count == 1 && missing.stderr.contains("nope.json"))
        let empty = root.appendingPathComponent("empty-dir")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let emptyDirectory = try Self.compare([empty.path, candidate.path])
        #expect(emptyDirectory.status == 5)
        #expect(emptyDirectory.stderr.contains("holds no result files"))
    }

    @Test func mismatchedScenariosAreRefusedNamingTheKeys() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        var documents = try F.repetitions(5).map { F.with($0, scenario: "rate", .integer(4_000)) }
        documents = documents.map { F.with($0, scenario: "mix", .object(["get": .integer(100)])) }
        documents[0].environment.cpu = "Other CPU"
        documents[1].environment.gitCommit = "0123456789ab"
        documents[2].environment.os = "Linux 6.99.1-other x86_64"
        let candidate = try F.write(documents, under: root, name: "candidate")
        let json = root.appendingPathComponent("verdict.json")
        let refused = try Self.compare([base.path, candidate.path, "--json", json.path])
        #expect(refused.status == 65)
        #expect(F.lines(refused.stderr).count == 1)
        #expect(refused.stderr.contains("not comparable: environment.cpu, scenario.mix, scenario.rate differ"))
        #expect(!refused.stderr.contains("gitCommit") && !refused.stderr.contains("environment.os"))
        #expect(!FileManager.default.fileExists(atPath: json.path))

        let forced = try Self.compare([base.path, candidate.path, "--force", "--json", json.path])
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("warning") && forced.stderr.contains("scenario.rate"))
        #expect(FileManager.default.fileExists(atPath: json.path))
    }

    @Test func outputsNamingAnInputAreRefused() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let candidate = try F.write(try F.repetitions(5), under: root, name: "candidate")
        let baseFile = base.appendingPathComponent("rep-1.json")
        let before = try Data(contentsOf: baseFile)
        for flag in ["--markdown", "--json"] {
            let output = try Self.compare([base.path, candidate.path, flag, baseFile.path])
            #expect(output.status == 64)
            #expect(output.stderr.contains(flag))
        }
        let inDirectory = try Self.compare([
            base.path, candidate.path, "--json", base.appendingPathComponent("verdict.json").path,
        ])
        #expect(inDirectory.status == 64)
        #expect(try Data(contentsOf: baseFile) == before)
    }

    @Test func usageErrorsExit64() throws {
        #expect(try Self.compare([]).status == 64)
        #expect(try Self.compare(["a.json"]).status == 64)
        #expect(try Self.compare(["a.json", "b.json", "--threshold", "five"]).status == 64)
        #expect(try Self.compare(["--baseline", "--candidate", "b.json"]).status == 64)
        #expect(try Self.compare(["--help"]).status == 0)
    }

    @Test(arguments: ["5%", "5", "0.5%", "12.5"])
    func thresholdParsing(text: String) throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let documents = try F.repetitions(5)
        let base = try F.write(documents, under: root, name: "base")
        let candidate = try F.write(documents, under: root, name: "candidate")
        let json = root.appendingPathComponent("verdict.json").path
        let output = try Self.compare([base.path, candidate.path, "--threshold", text, "--json", json, "--quiet"])
        #expect(output.status == 0, "\(output.stderr)")
        let verdict = try JSONDecoder().decode(
            ComparisonReport.self,
            from: Data(contentsOf: URL(fileURLWithPath: json))
        )
        #expect(abs(verdict.threshold * 100 - Double(text.replacingOccurrences(of: "%", with: ""))!) < 1e-12)
    }
}
