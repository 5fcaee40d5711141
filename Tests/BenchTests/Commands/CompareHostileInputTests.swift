import Foundation
import TestSupport
import Testing

@Suite("compare hostile input")
struct CompareHostileInputTests {
    typealias F = CompareFixtures

    /// Contents that are not a result file, by label (made on each use: a stored global `Data`
    /// is reported by LeakSanitizer at exit).
    static var hostile: [(String, Data)] {
        [
            ("empty", Data()),
            ("truncated", Data(#"{"schemaVersion": 1, "tool": "authz-bench", "environment": {"swift": "#.utf8)),
            ("binary", Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })),
            ("wrong-shape", Data(#"{"hello": [1, 2, 3]}"#.utf8)),
            ("array", Data("[1, 2, 3]".utf8)),
            ("sweep", Data(#"{"schemaVersion": 1, "tool": "authz-bench", "kind": "sweep", "rows": []}"#.utf8)),
        ]
    }

    @Test(arguments: hostile.map(\.0))
    func aHostileCandidateExits65WithOneLineNamingTheFile(label: String) throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(5), under: root, name: "base")
        let bad = root.appendingPathComponent("candidate-\(label).json")
        try #require(Self.hostile.first { $0.0 == label }).1.write(to: bad)
        let markdown = root.appendingPathComponent("out/summary.md")
        let json = root.appendingPathComponent("out/verdict.json")
        let output = try CLIHarness.bench([
            "compare", base.path, bad.path, "--markdown", markdown.path, "--json", json.path,
        ])
        #expect(output.status == 65)
        #expect(F.lines(output.stderr).count == 1)
        #expect(output.stderr.contains(bad.path))
        #expect(!FileManager.default.fileExists(atPath: markdown.path))
        #expect(!FileManager.default.fileExists(atPath: json.path))
    }

    @Test(arguments: hostile.map(\.0))
    func aHostileBaselineRepetitionExits65(label: String) throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(4), under: root, name: "base")
        let bad = base.appendingPathComponent("rep-9.json")
        try #require(Self.hostile.first { $0.0 == label }).1.write(to: bad)
        let candidate = try F.write(try F.repetitions(5), under: root, name: "candidate")
        let output = try CLIHarness.bench(["compare", base.path, candidate.path])
        #expect(output.status == 65)
        #expect(F.lines(output.stderr).count == 1)
        #expect(output.stderr.contains("rep-9.json"))
        #expect(output.stdout.isEmpty)
    }

    /// A candidate that is not there is no input (66), not a malformed one; a missing baseline
    /// is "no baseline" (5).
    @Test func aMissingCandidateExits66() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = try F.write(try F.repetitions(1), under: root, name: "base")
        let missing = root.appendingPathComponent("missing.json").path
        let output = try CLIHarness.bench(["compare", base.path, missing])
        #expect(output.status == 66)
        #expect(F.lines(output.stderr).count == 1)
        #expect(output.stderr.contains(missing))
    }

    @Test func aMissingBaselineFileExits5WithOneLine() throws {
        let root = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let candidate = try F.write(try F.repetitions(1), under: root, name: "candidate")
        let missing = root.appendingPathComponent("baseline.json").path
        let json = root.appendingPathComponent("verdict.json").path
        let output = try CLIHarness.bench(["compare", missing, candidate.path, "--json", json])
        #expect(output.status == 5)
        #expect(F.lines(output.stderr).count == 1)
        #expect(output.stderr.contains(missing))
        #expect(!FileManager.default.fileExists(atPath: json))
    }
}
