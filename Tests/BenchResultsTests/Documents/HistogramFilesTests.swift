import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Histogram files (.hgrm, .hlog)")
struct HistogramFilesTests {
    @Test func hgrmFilesParseBackAndMedianIsP50InMicroseconds() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = SyntheticRun.result()
        let paths = try HistogramFiles.writeHgrm(result, to: directory.appendingPathComponent("hgrm").path)
        let names = Set(paths.map { URL(fileURLWithPath: $0).lastPathComponent })
        #expect(
            names == [
                "responseTime.hgrm", "serviceTime.hgrm", "startLag.hgrm", "upstreamWait.hgrm", "inline.hgrm",
                "parked.hgrm", "inFlight.hgrm", "stage-parse.hgrm", "stage-verify.hgrm",
            ]
        )
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("hgrm").path
        )
        #expect(Set(leftovers) == names)
        var expected: [String: HDRHistogram] = [
            "stage-parse.hgrm": result.stages["parse"]!, "stage-verify.hgrm": result.stages["verify"]!,
        ]
        for kind in LatencyKind.allCases { expected["\(kind.rawValue).hgrm"] = result.latency[kind]! }
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard name != "inFlight.hgrm" else { continue }
            let histogram = try #require(expected[name])
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == "       Value     Percentile TotalCount 1/(1-Percentile)")
            #expect(lines.last?.hasPrefix("#[Buckets = ") == true)
            // The first row at or above 50%: its value is p50 in microseconds.
            let rows = lines.dropFirst().filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
            let median = try #require(rows.first { Double($0[1])! >= 0.5 })
            let p50 = Double(histogram.value(atPercentile: 50)) / 1000
            #expect(abs(Double(median[0])! - p50) < 0.0005, "\(name): \(median[0]) vs \(p50)")
            #expect(text == histogram.percentileDistributionText(outputValueUnitScalingRatio: 1000))
        }
    }

    @Test func inFlightHgrmIsInRequestsNotMicroseconds() throws {
        let result = SyntheticRun.result()
        let file = try #require(HistogramFiles.hgrmFiles(result).first { $0.name == "inFlight.hgrm" })
        #expect(file.text == result.inFlight?.percentileDistributionText(outputValueUnitScalingRatio: 1))
        let rows = file.text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ")
        }
        let last = try #require(rows.last)
        #expect(Double(last[0]) == Double(result.summary.maxInFlight ?? 0))
        // A result that did not measure it (an older file) gets no inFlight.hgrm.
        var older = result
        older.inFlight = nil
        #expect(!HistogramFiles.hgrmFiles(older).contains { $0.name == "inFlight.hgrm" })
    }

    @Test func hgrmIntoAFileFailsWithOneLine() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: BenchError.self) {
            try HistogramFiles.writeHgrm(SyntheticRun.result(), to: file.path)
        }
        #expect(error?.message == "--hgrm \(file.path): is a file; expected a directory")
    }

    /// The tags of one interval in the log, in order: every latency kind, then in flight.
    static let tags = LatencyKind.allCases.map(\.rawValue) + ["inFlight"]

    /// Interval `interval`'s histogram with `tag`.
    static func histogram(_ tag: String, of interval: IntervalReport) -> HDRHistogram? {
        tag == "inFlight" ? interval.inFlight : LatencyKind(rawValue: tag).map(interval.histogram)
    }

    @Test func hlogReadsBackWithTagsAndIntervalCounts() throws {
        let result = SyntheticRun.result()
        let intervals = SyntheticRun.intervals()
        let log = try HDRLog(parsing: try HistogramFiles.hlogText(result))
        #expect(log.formatVersion == "1.3")
        #expect(log.startTimeSeconds == 1_700_000_000)
        #expect(log.entries.count == Self.tags.count * intervals.count)
        for (index, interval) in intervals.enumerated() {
            for (offset, tag) in Self.tags.enumerated() {
                let entry = log.entries[index * Self.tags.count + offset]
                let histogram = try #require(Self.histogram(tag, of: interval))
                #expect(entry.tag == tag)
                #expect(entry.startSeconds == interval.startSeconds)
                #expect(entry.lengthSeconds == interval.lengthSeconds)
                #expect(entry.histogram == histogram)
                #expect(histogram.totalCount > 0, "\(tag): the synthetic run fills every tag")
                #expect(abs(entry.maxValue - Double(histogram.max) / 1e6) < 0.0005)
            }
        }
    }

    @Test func hlogMergesBackIntoTheRunsHistograms() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = SyntheticRun.result()
        let path = directory.appendingPathComponent("run.hlog").path
        try HistogramFiles.writeHlog(result, to: path)
        let merged = try ResultMerger.merge([path])
        for kind in LatencyKind.allCases { #expect(merged.latency[kind] == result.latency[kind], "\(kind)") }
        #expect(merged.inFlight == result.inFlight)
        #expect(merged.summary.maxInFlight == result.summary.maxInFlight)
        #expect(merged.summary.requests == result.summary.requests)
        // Counters the log does not carry stay unknown rather than zero.
        #expect(merged.upstream == nil && merged.prewarm == nil)
    }

    @Test func pythonPortReadsOurRunLog() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = SyntheticRun.result()
        let path = directory.appendingPathComponent("run.hlog").path
        try HistogramFiles.writeHlog(result, to: path)
        guard let data = try HDRPythonPort.run(["hlog", path]) else { return }
        struct Log: Decodable {
            let startTimeSeconds: Double
            let intervals: [PythonHistogramSummary]
        }
        let log = try JSONDecoder().decode(Log.self, from: data)
        #expect(log.startTimeSeconds == 1_700_000_000)
        try #require(log.intervals.count == Self.tags.count * result.intervals.count)
        for (index, summary) in log.intervals.enumerated() {
            let tag = Self.tags[index % Self.tags.count]
            #expect(summary.tag == tag)
            let histogram = try #require(Self.histogram(tag, of: SyntheticRun.intervals()[index / Self.tags.count]))
            #expect(summary.count == histogram.totalCount)
            #expect(summary.max == histogram.max)
            #expect(summary.percentiles["50.0"] == histogram.value(atPercentile: 50))
        }
    }
}
