import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `merge`: an input counted twice is refused, codes a log does not carry are "not known", a log
/// that measured nothing is not truncated, a FIFO is refused without blocking, and a long log is
/// read a chunk at a time to the same result.
@Suite("merge: repeated inputs, unknown codes, empty logs, FIFOs, chunked reading")
struct MergeRepeatsTests {
    /// The message of the `BenchError` merging `paths` throws (nil when it merges).
    static func failure(_ paths: [String], options: MergeOptions = MergeOptions()) -> BenchError? {
        do {
            _ = try ResultMerger.merge(paths, options: options)
            return nil
        } catch {
            #expect(!error.message.contains("\n"))
            return error
        }
    }

    /// Shard results 1/2 and 2/2 of one run and their merge, written into `directory`.
    static func shardResults(in directory: URL) throws -> (shards: [String], merged: String) {
        var paths: [String] = []
        for shard in 0..<2 {
            let path = directory.appendingPathComponent("s\(shard + 1).json").path
            try ResultDocument(SyntheticRun.result(shard: shard, shards: 2)).write(to: path)
            paths.append(path)
        }
        let merged = directory.appendingPathComponent("ok.json").path
        try ResultDocument(try ResultMerger.merge(paths)).write(to: merged)
        return (paths, merged)
    }

    @Test func theSameFileTwiceIsRefusedNamingBoth() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, merged) = try Self.shardResults(in: directory)
        let error = try #require(Self.failure([merged, merged]))
        #expect(error.reason == .badInput)
        #expect(
            error.message.contains("given twice") && error.message.contains("ok.json and \(merged)"),
            "\(error.message)"
        )
        // Another path to the same file (a hard link) is the same file.
        let link = directory.appendingPathComponent("link.json").path
        #expect(Glibc.link(merged, link) == 0)
        #expect(Self.failure([merged, link])?.message.contains("same file") == true)
    }

    @Test func aCopyOfARunIsRefusedNamingBoth() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, merged) = try Self.shardResults(in: directory)
        let copy = directory.appendingPathComponent("copy.json").path
        try FileManager.default.copyItem(atPath: merged, toPath: copy)
        let message = try #require(Self.failure([merged, copy])?.message)
        #expect(
            message.contains("given twice") && message.contains("hold the same run") && message.contains("copy.json"),
            "\(message)"
        )
    }

    @Test func aMergedResultBesideItsOwnShardIsRefused() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (shards, merged) = try Self.shardResults(in: directory)
        for extra in [[shards[0]], shards] {
            let error = try #require(Self.failure([merged] + extra, options: MergeOptions(allowMissing: true)))
            #expect(error.reason == .badInput)
            #expect(
                error.message.contains("ok.json is a merged result holding shard 1/2")
                    && error.message.contains("s1.json"),
                "\(error.message)"
            )
        }
        // Alone, the merged result merges to the same requests.
        let again = try ResultMerger.merge([merged])
        #expect(again.summary.requests == (try ResultMerger.merge(shards)).summary.requests)
    }

    @Test func codesFromLogsAreNotKnownNeverNone() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try ShardLogs.write(ShardLogs.shards(2), in: directory)
        let json = directory.appendingPathComponent("r.json").path
        try ResultDocument(SyntheticRun.result(shard: 0, shards: 1)).write(to: json)
        let log = directory.appendingPathComponent("r.hlog").path
        try HistogramFiles.writeHlog(SyntheticRun.result(shard: 0, shards: 1), to: log)
        for inputs in [shards, [json, log]] {
            let result = try ResultMerger.merge(inputs, options: MergeOptions(alignment: .relative, allowMissing: true))
                .result
            #expect(!result.summary.codesKnown)
            #expect(result.summary.failures == nil)
            let text = RunReport.text(result)
            #expect(text.contains("codes       not known") && text.contains("failures    not known"), "\(text)")
            #expect(!text.contains("codes       other than VALID_TOKEN"))
            let path = directory.appendingPathComponent("m.json").path
            try ResultDocument(result).write(to: path)
            let summary =
                try #require(
                    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                        as? [String: Any]
                )["summary"] as? [String: Any]
            #expect(summary?["errors"] is NSNull, "\(String(describing: summary?["errors"]))")
            // Read back, the codes stay not known (not an empty table).
            #expect(try ResultDocument.read(from: path).summary.codesKnown == false)
        }
        // Results alone keep their codes.
        #expect(try ResultMerger.merge([json]).summary.codesKnown)
    }

    @Test func aLogThatEndedNormallyWithNoIntervalIsNotTruncated() throws {
        var shard = ShardLogs.Shard(1, of: 1, startEpochMillis: ShardLogs.baseMillis)
        shard.seconds = 0
        for planned in [0.0, 5.0] {
            shard.plannedSeconds = planned
            let directory = try SyntheticRun.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let outcome = try ResultMerger.merge(try ShardLogs.write([shard], in: directory), options: MergeOptions())
            #expect(outcome.result.shards?.truncated == [])
            #expect(outcome.result.summary.requests == 0)
            #expect(
                outcome.warnings.contains { $0.contains("ended normally with no measured interval") },
                "\(outcome.warnings)"
            )
        }
        // Killed before its first interval (no end line), it is truncated.
        shard.ended = false
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let message = Self.failure(try ShardLogs.write([shard], in: directory))?.message
        #expect(message?.contains("truncated: 1 (0 of 5 intervals") == true, "\(String(describing: message))")
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shards = try ShardLogs.write(ShardLogs.shards(1), in: directory)
        let fifo = directory.appendingPathComponent("fifo.hlog").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = try #require(Self.failure(shards + [fifo]))
        #expect(error.reason == .noInput)
        #expect(error.message.contains("fifo.hlog: is a FIFO"), "\(error.message)")
        let missing = try #require(Self.failure(shards + [directory.appendingPathComponent("gone.hlog").path]))
        #expect(missing.reason == .noInput && missing.message.contains("gone.hlog: no such file"), "\(missing.message)")
        #expect(Self.failure([directory.path])?.reason == .noInput)
    }

    @Test func aDirectoryOfResultsWithAFIFOIsRefusedWithoutBlocking() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ResultDocument(SyntheticRun.result()).write(to: directory.appendingPathComponent("a.json").path)
        #expect(mkfifo(directory.appendingPathComponent("b.json").path, 0o600) == 0)
        #expect(throws: BenchError.self) { try ComparisonSide.resolve([directory.path], role: .candidate) }
        do {
            _ = try ComparisonSide.resolve([directory.path], role: .baseline)
        } catch {
            #expect(
                error.reason == .noInput && error.message.contains("b.json: is a FIFO, not a regular file"),
                "\(error.message)"
            )
        }
    }

    @Test("A log longer than one read merges as its text does, whatever the chunk boundaries")
    func chunkedReadingGivesTheSameResult() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var shard = ShardLogs.Shard(1, of: 1, startEpochMillis: ShardLogs.baseMillis)
        shard.seconds = 400
        let path = try #require(try ShardLogs.write([shard], in: directory).first)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > 1 << 16, "the log must span several reads")
        let fromFile = try ResultMerger.merge([path], options: MergeOptions()).result
        var merger = ResultMerger()
        try merger.add(bytes: bytes, file: path)
        let fromBytes = try merger.outcome(options: MergeOptions()).result
        #expect(fromFile.summary.requests == shard.requests)
        #expect(fromFile.latency == fromBytes.latency && fromFile.inFlight == fromBytes.inFlight)
        #expect(fromFile.intervals == fromBytes.intervals && fromFile.intervals.count == 400)
    }
}
