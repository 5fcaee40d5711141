import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("merge: shards through the binary")
struct MergeShardsCommandTests {
    /// Writes `shards` into a fresh directory; runs `merge` on them with `flags`.
    static func merge(
        _ shards: [ShardLogs.Shard],
        _ flags: [String] = [],
        json: Bool = false
    )
        throws -> (run: CLIHarness.Output, document: ResultDocument?, paths: [String])
    {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try ShardLogs.write(shards, in: directory)
        let output = directory.appendingPathComponent("merged.json").path
        let run = try CLIHarness.bench(["merge"] + paths + flags + (json ? ["--json", output] : []))
        let document = FileManager.default.fileExists(atPath: output) ? try ResultDocument.read(from: output) : nil
        return (run, document, paths)
    }

    @Test func threeShardsPrintTheirCoverage() throws {
        let (run, document, _) = try Self.merge(ShardLogs.shards(3), json: true)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("shards      3/3\n"), "\(run.stdout)")
        #expect(document?.shards?.present == [1, 2, 3])
    }

    /// Shards run with `--slo`: the merged run meets neither objective (exit 6, the verdicts
    /// printed and written); shards run with different ones leave it unchecked (exit 0, one warning).
    @Test func theShardsObjectivesDecideTheExitCode() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        // Shard 1/2, then shard 2/2 twice: with the same objective and with another one.
        for (index, (shard, slo)) in [(0, "responseTime.p50<1ns"), (1, "responseTime.p50<1ns"), (1, "failures<100%")]
            .enumerated()
        {
            var result = SyntheticRun.result(shard: shard, shards: 2)
            result.slo = try SLOExpression.parse(slo).evaluate(result)
            let path = directory.appendingPathComponent("s\(index).json").path
            try ResultDocument(result).write(to: path)
            paths.append(path)
        }
        let output = directory.appendingPathComponent("merged.json").path
        let breached = try CLIHarness.bench(["merge", paths[0], paths[1], "--json", output])
        #expect(breached.status == 6, "\(breached.stderr)")
        #expect(breached.stdout.contains("responseTime.p50<1ns"), "\(breached.stdout)")
        #expect(try ResultDocument.read(from: output).slo?.map(\.met) == [false])

        let different = try CLIHarness.bench(["merge", paths[0], paths[2], "--quiet"])
        #expect(different.status == 0, "\(different.stderr)")
        #expect(different.stderr.split(separator: "\n").filter { $0.contains("different --slo") }.count == 1)
    }

    @Test func aMissingShardExits65NamingIt() throws {
        let shards = Array(ShardLogs.shards(3).prefix(2))
        let (run, document, _) = try Self.merge(shards, json: true)
        #expect(run.status == 65)
        #expect(run.message.contains("missing: 3"), "\(run.message)")
        #expect(!run.message.contains("\n"))
        #expect(document == nil)

        let allowed = try Self.merge(shards, ["--allow-missing"], json: true)
        #expect(allowed.run.status == 0, "\(allowed.run.stderr)")
        #expect(
            allowed.run.stdout.contains("shards      2/3, missing: 3 (merged with --allow-missing"),
            "\(allowed.run.stdout)"
        )
        #expect(allowed.document?.shards?.missing == [3])
        #expect(allowed.document?.shards?.allowedMissing == true)
    }

    @Test func aTruncatedShardExits65NamingItsFile() throws {
        var shards = ShardLogs.shards(2)
        shards[0].ended = false
        let (run, _, paths) = try Self.merge(shards, ["--quiet"])
        #expect(run.status == 65)
        #expect(run.message.contains("truncated: 1") && run.message.contains(paths[0]), "\(run.message)")
        let allowed = try Self.merge(shards, ["--allow-missing", "--quiet"], json: true)
        #expect(allowed.run.status == 0)
        #expect(allowed.document?.shards?.truncated.map(\.shard) == [1])
    }

    @Test func differentScenariosExit65NamingTheKeys() throws {
        var shards = ShardLogs.shards(2)
        shards[1].rate += 1
        let (run, _, paths) = try Self.merge(shards, ["--quiet"])
        #expect(run.status == 65)
        #expect(run.message.contains("scenario keys differ: rate") && run.message.contains(paths[1]), "\(run.message)")
    }

    @Test func aShardGivenTwiceExits65() throws {
        let shards = ShardLogs.shards(2) + [ShardLogs.shards(2)[0]]
        let (run, _, _) = try Self.merge(shards, ["--quiet"])
        #expect(run.status == 65)
        #expect(run.message.contains("given twice"), "\(run.message)")
    }

    @Test func aSpreadBeyondTheSkewIsOneWarningLine() throws {
        let (run, _, _) = try Self.merge(ShardLogs.shards(2, spreadMillis: 300), ["--quiet", "--max-skew", "200ms"])
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("spread by 300 ms") == true, "\(run.stderr)")
    }

    @Test(arguments: [["--align", "sideways"], ["--max-skew", "soon"], ["--max-skew"]])
    func badFlagsAreUsageErrorsNamingThem(flags: [String]) throws {
        let (run, _, _) = try Self.merge(ShardLogs.shards(1), flags)
        #expect(run.status == 64)
        #expect(run.message.contains(flags[0]), "\(run.message)")
    }
}
