import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("merge: shards, coverage, time")
struct ShardMergeTests {
    /// Writes `shards` into a fresh directory and merges them with `options`.
    static func merge(
        _ shards: [ShardLogs.Shard],
        options: MergeOptions = MergeOptions()
    ) throws -> ResultMerger.Outcome {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try ResultMerger.merge(try ShardLogs.write(shards, in: directory), options: options)
    }

    /// The message of the `BenchError` merging `shards` throws (nil when it does not).
    static func failure(_ shards: [ShardLogs.Shard], options: MergeOptions = MergeOptions()) throws -> String? {
        do {
            _ = try merge(shards, options: options)
            return nil
        } catch let error as BenchError {
            #expect(!error.message.contains("\n"))
            return error.message
        }
    }

    @Test func threeShardsAddRequestsAndTakeTheRateOverTheUnion() throws {
        let shards = ShardLogs.shards(3, spreadMillis: 20)
        let outcome = try Self.merge(shards)
        let result = outcome.result
        let requests = shards.map(\.requests).reduce(0, +)
        #expect(result.summary.requests == requests)
        #expect(result.histogram(.responseTime).totalCount == UInt64(requests))
        // The windows overlap but for the spread: the union is the last start less the first, plus one window.
        let spread = Double(shards.last!.startEpochMillis - shards.first!.startEpochMillis) / 1000
        let union = Double(shards[0].seconds) + spread
        #expect(abs(result.summary.durationSeconds - union) < 1e-9)
        #expect(abs(result.summary.achievedRate - Double(requests) / union) < 1e-6)
        #expect(result.summary.startEpochMillis == shards.first!.startEpochMillis)
        #expect(result.summary.scenarioFingerprint != nil)
        let section = try #require(result.shards)
        #expect(
            section.expected == 3 && section.present == [1, 2, 3] && section.missing.isEmpty
                && section.truncated.isEmpty
        )
        #expect(section.coverageText == "shards 3/3")
        #expect(section.startSpreadMillis == shards.last!.startEpochMillis - shards.first!.startEpochMillis)
        #expect(outcome.warnings.isEmpty)
        // The small spread keeps interval k of every shard together.
        #expect(result.intervals.count == shards[0].seconds)
        #expect(
            result.intervals.map(\.requests)
                == Array(repeating: shards.map(\.requestsPerSecond).reduce(0, +), count: shards[0].seconds)
        )
    }

    @Test func shardsThatMeasuredTogetherGiveTheSumOfTheirRates() throws {
        let shards = ShardLogs.shards(3)
        let result = try Self.merge(shards).result
        let rates = shards.map { Double($0.requests) / Double($0.seconds) }.reduce(0, +)
        #expect(abs(result.summary.achievedRate - rates) < 1e-9)
    }

    @Test func aMissingShardIsNamedAndAllowedOnlyWhenAsked() throws {
        let shards = Array(ShardLogs.shards(3).prefix(2))
        let message = try #require(try Self.failure(shards))
        #expect(message.contains("shards 2/3, missing: 3"), "\(message)")
        #expect(message.contains("--allow-missing"))
        let result = try Self.merge(shards, options: MergeOptions(allowMissing: true)).result
        let section = try #require(result.shards)
        #expect(section.missing == [3] && section.present == [1, 2] && section.allowedMissing)
        #expect(result.summary.requests == shards.map(\.requests).reduce(0, +))
    }

    @Test func aLogWithoutItsEndLineIsTruncated() throws {
        var shards = ShardLogs.shards(3)
        shards[1].plannedSeconds = Double(shards[1].seconds)
        shards[1].seconds -= 2
        shards[1].ended = false
        let message = try #require(try Self.failure(shards))
        #expect(
            message.contains("truncated: 2 (\(shards[1].seconds) of \(shards[0].seconds) intervals, 2 missing)"),
            "\(message)"
        )
        #expect(message.contains("shard-2.hlog"))
        let section = try #require(try Self.merge(shards, options: MergeOptions(allowMissing: true)).result.shards)
        #expect(section.truncated == [.init(shard: 2, intervals: shards[1].seconds, planned: shards[0].seconds)])
        #expect(section.missing.isEmpty)
    }

    @Test func aLogWithFewerIntervalsThanPlannedIsTruncatedEvenWithItsEndLine() throws {
        var shards = ShardLogs.shards(2)
        shards[0].plannedSeconds = Double(shards[0].seconds) + 0.5
        let section = try #require(try Self.merge(shards, options: MergeOptions(allowMissing: true)).result.shards)
        #expect(section.truncated == [.init(shard: 1, intervals: shards[0].seconds, planned: shards[0].seconds + 1)])
    }

    @Test func aKilledWritersHalfLineIsDroppedAndTheLogTruncated() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var shards = ShardLogs.shards(2)
        shards[1].ended = false
        let paths = try ShardLogs.write(shards, in: directory)
        let text = try String(contentsOfFile: paths[1], encoding: .utf8)
        try Data(text.utf8.dropLast(30)).write(to: URL(fileURLWithPath: paths[1]))
        let outcome = try ResultMerger.merge(paths, options: MergeOptions(allowMissing: true))
        let truncated = try #require(outcome.result.shards?.truncated.first)
        // The half line was the last interval's inFlight line: its responseTime line is whole.
        #expect(truncated.shard == 2 && truncated.intervals == shards[1].seconds)
        #expect(outcome.result.inFlight?.totalCount == UInt64(10 * (shards[0].seconds + shards[1].seconds - 1)))
    }

    @Test func differentScenariosAreRefusedNamingTheKeys() throws {
        var shards = ShardLogs.shards(2)
        shards[1].rate *= 2
        let message = try #require(try Self.failure(shards))
        #expect(message.contains("scenario keys differ: rate"), "\(message)")
        #expect(message.contains("shard-1.hlog") && message.contains("shard-2.hlog"))
        #expect(!message.contains("shardIndex"))
    }

    @Test func startTimesSpreadBeyondTheSkewAreWarned() throws {
        let spread: Int64 = 250
        let shards = ShardLogs.shards(2, spreadMillis: spread)
        let outcome = try Self.merge(shards, options: MergeOptions(maxSkewMillis: spread - 1))
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("spread by \(spread) ms") == true)
        #expect(try Self.merge(shards, options: MergeOptions(maxSkewMillis: spread)).warnings.isEmpty)
    }

    @Test func differentVersionsAreWarned() throws {
        var shards = ShardLogs.shards(2)
        shards[1].version = "0.2.0"
        let outcome = try Self.merge(shards)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("different versions") == true)
    }

    @Test func aShardGivenTwiceIsRefused() throws {
        var shards = ShardLogs.shards(2)
        shards.append(shards[1])
        let message = try #require(try Self.failure(shards))
        #expect(message.contains("shard 2/2 given twice"), "\(message)")
    }

    @Test func differentShardCountsAreRefused() throws {
        let shards = [
            ShardLogs.Shard(1, of: 2, startEpochMillis: ShardLogs.baseMillis),
            ShardLogs.Shard(2, of: 3, startEpochMillis: ShardLogs.baseMillis),
        ]
        let message = try #require(try Self.failure(shards))
        #expect(message.contains("different shard counts"), "\(message)")
    }

    @Test func absoluteAlignmentKeepsShardsThatDidNotOverlapApart() throws {
        var shards = ShardLogs.shards(2)
        let gap = shards[0].seconds * 2
        shards[1].startEpochMillis += Int64(gap) * 1000
        let requests = shards.map(\.requests).reduce(0, +)

        let absolute = try Self.merge(shards).result
        let union = Double(shards[0].seconds + shards[1].seconds)
        #expect(abs(absolute.summary.achievedRate - Double(requests) / union) < 1e-9)
        #expect(absolute.intervals.count == shards[0].seconds + shards[1].seconds)
        #expect(absolute.intervals.last?.startSeconds == Double(gap + shards[1].seconds - 1))
        #expect(absolute.intervals.allSatisfy { $0.requests == shards[0].requestsPerSecond })

        let relative = try Self.merge(shards, options: MergeOptions(alignment: .relative)).result
        #expect(abs(relative.summary.achievedRate - Double(requests) / Double(shards[0].seconds)) < 1e-9)
        #expect(relative.intervals.count == shards[0].seconds)
        #expect(
            relative.intervals.allSatisfy { $0.requests == shards[0].requestsPerSecond + shards[1].requestsPerSecond }
        )
        #expect(relative.summary.requests == absolute.summary.requests)
    }

    @Test func theShardsSectionRoundTripsThroughTheResultFile() throws {
        let shards = Array(ShardLogs.shards(3).prefix(2))
        let result = try Self.merge(shards, options: MergeOptions(allowMissing: true)).result
        let document = try ResultDocument.parse(try ResultDocument(result).jsonData(), file: "merged.json")
        #expect(document.shards == result.shards)
        let object = try JSONSerialization.jsonObject(with: try ResultDocument(result).jsonData()) as? [String: Any]
        let section = try #require(object?["shards"] as? [String: Any])
        #expect(section["allowedMissing"] as? Bool == true)
        #expect(section["missing"] as? [Int] == [3])
    }

    @Test func logsWithoutMetadataMergeWithANote() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Two repetitions of one run, ten seconds apart (one file given twice is refused).
        var paths: [String] = []
        for repetition in 0..<2 {
            var run = SyntheticRun.result()
            run.summary.startEpochMillis? += Int64(repetition) * 10_000
            paths.append(directory.appendingPathComponent("old-\(repetition).hlog").path)
            try HistogramFiles.writeHlog(run, to: paths[repetition], metadata: false)
        }
        let outcome = try ResultMerger.merge(paths, options: MergeOptions(alignment: .relative))
        #expect(outcome.result.shards == nil)
        #expect(outcome.notes.contains { $0.contains("coverage") })
        let requests = SyntheticRun.intervals(seconds: SyntheticRun.result().intervals.count).map(\.requests).reduce(
            0,
            +
        )
        #expect(outcome.result.summary.requests == 2 * requests)
    }
}
