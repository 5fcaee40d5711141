import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Streamed .hlog: written interval by interval, metadata and end lines")
struct IntervalLogSinkTests {
    /// Streams `intervals` of `result`'s scenario through a sink into `path`; `end` false leaves
    /// the log as a killed run does (no end line, the file not closed by the run).
    static func stream(_ intervals: [IntervalReport], result: RunResult, to path: String, end: Bool = true) throws {
        let sink = IntervalLogSink(path: path, scenario: try #require(result.typedScenario), host: "host a,b")
        try sink.open()
        sink.begin(startEpochMillis: try #require(result.summary.startEpochMillis))
        for interval in intervals { sink.write(interval) }
        if end { sink.end(intervals: intervals.count, requests: intervals.map(\.requests).reduce(0, +)) }
        try sink.close()
    }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init
        )
    }

    @Test("The streamed log is the whole-run writer's log plus the metadata lines")
    func equalsTheWholeRunLog() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = SyntheticRun.result()
        let scenario = try #require(result.typedScenario)
        let start = try #require(result.summary.startEpochMillis)
        let intervals = SyntheticRun.intervals()
        let path = directory.appendingPathComponent("run.hlog").path
        try Self.stream(intervals, result: result, to: path)

        // What the whole-run writer (one HDRLogWriter, appended interval by interval) produces.
        var whole = HDRLogWriter(
            startTimeMillis: start,
            maxValueUnitRatio: 1_000_000,
            comments: [HistogramFiles.hlogUnitsComment]
        )
        for interval in intervals {
            for tag in HistogramFiles.hlogTags {
                let histogram =
                    tag == HistogramFiles.inFlightTag
                    ? interval.inFlight : interval.histogram(LatencyKind(rawValue: tag)!)
                try whole.append(
                    histogram,
                    startSeconds: interval.startSeconds,
                    lengthSeconds: interval.lengthSeconds,
                    tag: tag
                )
            }
        }
        let lines = try Self.lines(path)
        let metadata = lines.filter { $0.hasPrefix("#[authz-bench-") }
        #expect(lines.filter { !$0.hasPrefix("#[authz-bench-") }.joined(separator: "\n") == whole.text)
        // Where the metadata go: after the first comment, before the version line; the end line last.
        #expect(
            lines[1].hasPrefix(
                "#[authz-bench-run: version=\(BenchVersion.current), shard=1/1, "
                    + "fingerprint=\(scenario.fingerprint), host=host_a_b, startEpochMillis=\(start), "
                    + "plannedSeconds=3.000]"
            )
        )
        #expect(lines[2].hasPrefix("#[authz-bench-scenario: {"))
        #expect(lines[3] == "#[Histogram log format version 1.3]")
        #expect(lines.last(where: { !$0.isEmpty }) == "#[authz-bench-end: intervals=3, requests=3000]")
        #expect(metadata.count == 3)
        // The scenario line is the result's scenario object, compact with sorted keys.
        let json = String(lines[2].dropFirst("#[authz-bench-scenario: ".count).dropLast())
        let written = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(written == RunResult.scenarioValue(scenario))
        let keys = try #require(written.objectValue?.keys).sorted()
        #expect(json.hasPrefix("{\"\(keys[0])\":"))
    }

    @Test("A log cut after some intervals (a killed run) reads, here and in HdrHistogram's Python port")
    func partialLogReads() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = SyntheticRun.result(seconds: 5)
        let intervals = SyntheticRun.intervals(seconds: 5)
        let path = directory.appendingPathComponent("killed.hlog").path
        try Self.stream(Array(intervals.prefix(2)), result: result, to: path, end: false)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("authz-bench-end"))
        let log = try HDRLog(parsing: text)
        #expect(log.entries.count == 2 * HistogramFiles.hlogTags.count)
        #expect(log.entries.first?.histogram == intervals[0].response)
        guard let data = try HDRPythonPort.run(["hlog", path]) else { return }
        struct Log: Decodable { let intervals: [PythonHistogramSummary] }
        let python = try JSONDecoder().decode(Log.self, from: data)
        #expect(python.intervals.count == 2 * HistogramFiles.hlogTags.count)
        #expect(python.intervals.first?.count == intervals[0].response.totalCount)
    }

    @Test("A path that cannot be created fails at open, naming --hlog")
    func unwritablePath() {
        let sink = IntervalLogSink(path: "/nonexistent-directory/run.hlog", scenario: Scenario())
        let error = #expect(throws: BenchError.self) { try sink.open() }
        #expect(error?.message.hasPrefix("--hlog /nonexistent-directory/run.hlog: cannot create it") == true)
    }

    @Test("The result records where, which shard and which scenario", arguments: [(0, 1), (1, 3)])
    func summaryIdentifiesTheRun(shard: Int, shards: Int) throws {
        var result = SyntheticRun.result(shard: shard, shards: shards)
        result.summary.host = "bench-7"
        let document = try ResultDocument.parse(try ResultDocument(result).jsonData(), file: "r.json")
        #expect(document.summary.host == "bench-7")
        #expect(document.summary.shard == "\(shard + 1)/\(shards)")
        #expect(document.summary.scenarioFingerprint == result.typedScenario?.fingerprint)
        #expect(document.summary.startEpochMillis == result.summary.startEpochMillis)
    }
}

/// A log that cannot be written (a full disk: `/dev/full` answers every write with `ENOSPC`,
/// for any user) reports an I/O error naming the cause, not a generic failure.
@Suite("Streamed .hlog on a full device")
struct IntervalLogSinkFullDeviceTests {
    @Test("Writing to a full device is an I/O error naming ENOSPC's words")
    func fullDevice() throws {
        let sink = IntervalLogSink(
            path: "/dev/full",
            scenario: try #require(SyntheticRun.result().typedScenario),
            host: "h"
        )
        try sink.open()
        sink.begin(startEpochMillis: 1)
        sink.end(intervals: 0, requests: 0)
        let error = #expect(throws: BenchError.self) { try sink.close() }
        #expect(error?.reason == .ioError)
        #expect(error?.message.contains(String(cString: strerror(ENOSPC))) == true, "\(error?.message ?? "")")
    }
}
