import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// `merge` checks the objectives the shards were run with (`run --slo`) again on the merged
/// figures, when every result input gives the same ones.
@Suite("merge: the shards' service-level objectives on the merged figures")
struct MergeSLOTests {
    /// Shard results 1/2 and 2/2 of one synthetic run, shard `n` checked against `objectives[n]`
    /// (written as `run --slo` writes them), in `directory`.
    static func shards(_ objectives: [String?], in directory: URL) throws -> [String] {
        try objectives.enumerated().map { shard, expressions in
            var result = SyntheticRun.result(shard: shard, shards: objectives.count)
            if let expressions { result.slo = try SLOExpression.parse(expressions).evaluate(result) }
            let path = directory.appendingPathComponent("s\(shard + 1).json").path
            try ResultDocument(result).write(to: path)
            return path
        }
    }

    /// The rate of one synthetic shard: each measured the same load over the same window.
    static var shardRate: Double { SyntheticRun.result(shard: 0, shards: 2).summary.achievedRate }

    @Test func theObjectivesAreCheckedAgainOnTheMergedFigures() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Above one shard's rate, below the two shards' together: breached by each, met by the run.
        let slo = "throughput>\(Int(1.5 * Self.shardRate)),responseTime.p50<1ns"
        let paths = try Self.shards([slo, slo], in: directory)
        for path in paths {
            #expect(try ResultDocument.read(from: path).slo?.map(\.met) == [false, false])
        }
        let outcome = try ResultMerger.merge(paths, options: MergeOptions())
        let checked = try #require(outcome.result.slo)
        #expect(checked.map(\.expression) == ["throughput>\(Int(1.5 * Self.shardRate))", "responseTime.p50<1ns"])
        #expect(checked.map(\.met) == [true, false])
        #expect(checked[0].actual == outcome.result.summary.achievedRate)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
    }

    @Test(arguments: [["throughput>1", "throughput>2"], ["throughput>1", nil]] as [[String?]])
    func differentObjectivesAreLeftUncheckedWithAWarning(objectives: [String?]) throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try ResultMerger.merge(try Self.shards(objectives, in: directory), options: MergeOptions())
        #expect(outcome.result.slo == nil)
        #expect(outcome.warnings.contains { $0.contains("different --slo") }, "\(outcome.warnings)")
    }

    @Test func shardsWithoutObjectivesGiveNone() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try ResultMerger.merge(try Self.shards([nil, nil], in: directory), options: MergeOptions())
        #expect(outcome.result.slo == nil)
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
    }

    @Test func anExpressionThatIsNotAnObjectiveIsABadInputNamingTheFile() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.shards(["throughput>1", "throughput>1"], in: directory)
        for path in paths {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(of: "throughput>1", with: "thruput>1")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        do {
            _ = try ResultMerger.merge(paths, options: MergeOptions())
            Issue.record("a result whose slo holds no objective was merged")
        } catch {
            #expect(error.reason == .badInput)
            #expect(error.message.contains(paths[0]) && error.message.contains("thruput>1"), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }
}
