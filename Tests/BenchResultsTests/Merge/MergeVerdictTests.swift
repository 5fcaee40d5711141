import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// What a merge believes of its inputs: their verdicts carried into the merged one, a shard that
/// measured nothing or was stopped counted as truncated, the `.hlog` metadata checked line by line,
/// shard counts a run can have.
@Suite("merge: verdicts, damaged metadata, shard counts")
struct MergeVerdictTests {
    static let invalid = #"{"invalidReasons":["start lag p99 12ms above --max-start-lag 5ms"],"valid":false}"#

    /// The message of the `BenchError` merging the texts `logs` throws (nil when it merges).
    static func failure(_ logs: [String], options: MergeOptions = MergeOptions()) -> String? {
        var merger = ResultMerger()
        do {
            for (index, log) in logs.enumerated() { try merger.add(bytes: Array(log.utf8), file: "s\(index + 1).hlog") }
            _ = try merger.outcome(options: options)
            return nil
        } catch {
            #expect(error.reason == .badInput)
            #expect(!error.message.contains("\n"))
            return error.message
        }
    }

    static func merged(_ logs: [String], options: MergeOptions = MergeOptions()) throws -> RunResult {
        var merger = ResultMerger()
        for (index, log) in logs.enumerated() { try merger.add(bytes: Array(log.utf8), file: "s\(index + 1).hlog") }
        return try merger.outcome(options: options).result
    }

    @Test func anInvalidShardMakesTheMergedResultInvalid() throws {
        var shards = ShardLogs.shards(2)
        shards[1].verdict = Self.invalid
        shards[0].verdict = #"{"invalidReasons":[],"valid":true}"#
        let result = try Self.merged(try shards.map(ShardLogs.text))
        #expect(!result.summary.valid)
        #expect(result.summary.invalidReasons == ["s2.hlog: start lag p99 12ms above --max-start-lag 5ms"])
        // Logs written before the verdict line say nothing about validity: not made invalid.
        #expect(try Self.merged(try ShardLogs.shards(2).map(ShardLogs.text)).summary.valid)
    }

    @Test func aShardStoppedInItsWarmUpIsTruncatedNotWhole() throws {
        var shards = ShardLogs.shards(2)
        shards[1].seconds = 0
        shards[1].plannedSeconds = 2
        shards[1].verdict = #"{"interrupted":"SIGTERM","invalidReasons":["interrupted"],"valid":false}"#
        let logs = try shards.map(ShardLogs.text)
        let refused = try #require(Self.failure(logs))
        #expect(refused.contains("truncated: 2 (0 of 2 intervals"), "\(refused)")
        let allowed = try Self.merged(logs, options: MergeOptions(allowMissing: true))
        #expect(allowed.shards?.truncated.map(\.shard) == [2])
        #expect(!allowed.summary.valid)
        // Without a signal, a log that ended normally with no interval lost nothing.
        shards[1].verdict = nil
        #expect(Self.failure(try shards.map(ShardLogs.text)) == nil)
    }

    @Test func anInterruptedResultInputIsTruncated() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A run of 10 s planned, stopped by SIGTERM after 3.
        var document = try ResultDocument(SyntheticRun.result(valid: false, seconds: 3))
        document.summary.interrupted = "SIGTERM"
        var scenario = document.scenario.objectValue ?? [:]
        scenario["durationMillis"] = .integer(10_000)
        document.scenario = .object(scenario)
        let path = directory.appendingPathComponent("r.json").path
        try document.write(to: path)
        let outcomeOfMerge = try ResultMerger.merge([path], options: MergeOptions(allowMissing: true))
        #expect(outcomeOfMerge.result.shards?.truncated == [.init(shard: 1, intervals: 3, planned: 10)])
        #expect(throws: BenchError.self) { try ResultMerger.merge([path]) }
    }

    @Test(arguments: [
        ("requests=1000]", "requests=abc]", "requests=abc is not a count"),
        ("requests=1000]", "requests=-5]", "requests=-5 is not a count"),
        ("requests=1000]", "requests=999]", "requests=999, but the log's response-time intervals hold 1000"),
        ("intervals=5,", "intervals=4,", "intervals=4, but the log holds 5"),
    ])
    func anEndLineThatDisagreesWithTheLogIsRefusedByItsLine(from: String, to: String, named: String) throws {
        let log = try ShardLogs.text(ShardLogs.shards(1)[0]).replacingOccurrences(of: from, with: to)
        let message = try #require(Self.failure([log]))
        #expect(message.hasPrefix("s1.hlog: line "), "\(message)")
        #expect(message.contains(named), "\(message)")
    }

    @Test func anUntaggedIntervalIsRefusedInAnAuthzBenchLogOnly() throws {
        let log = try ShardLogs.text(ShardLogs.shards(1)[0])
        let untagged = log.replacingOccurrences(of: "Tag=inFlight,", with: "")
        #expect(Self.failure([untagged])?.contains("an interval without a Tag") == true)
        // Another tool's log (no authz-bench lines): untagged intervals are its response time.
        let foreign = untagged.split(separator: "\n").filter { !$0.hasPrefix("#[authz-bench") }.joined(separator: "\n")
        #expect(try Self.merged([foreign]).summary.requests > 0)
    }

    @Test(arguments: ["1/99999999999", "1/10000001", "0/3", "4/3"])
    func aShardCountNoRunCanHaveIsRefusedAtOnce(shard: String) throws {
        let log = try ShardLogs.text(ShardLogs.shards(1)[0]).replacingOccurrences(
            of: "shard=1/1,",
            with: "shard=\(shard),"
        )
        let message = try #require(Self.failure([log]))
        #expect(message.contains("shard=\(shard) is not I/N"), "\(message)")
    }

    @Test func theCoverageOfAMillionShardsIsOneShortLine() throws {
        let log = try ShardLogs.text(ShardLogs.shards(1)[0]).replacingOccurrences(
            of: "shard=1/1,",
            with: "shard=1/1000000,"
        )
        let message = try #require(Self.failure([log]))
        #expect(message.count < 400, "\(message.count) characters")
        #expect(message.contains("(999999 in all)"), "\(message)")
        let allowed = try Self.merged([log], options: MergeOptions(allowMissing: true))
        #expect(allowed.shards?.missing.count == 999_999)
        #expect((allowed.shards?.coverageText.count ?? .max) < 400)
    }

    @Test func aVerdictLineMustBeBounded() throws {
        var shard = ShardLogs.shards(1)[0]
        let reasons = (0...MergeInput.Verdict.maxReasons).map { "\"reason \($0)\"" }.joined(separator: ",")
        shard.verdict = #"{"invalidReasons":["# + reasons + #"],"valid":false}"#
        #expect(Self.failure([try ShardLogs.text(shard)])?.contains("authz-bench-verdict") == true)
    }
}
