import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("HDR interop with HdrHistogram's Python port", .serialized)
struct HDRPythonInteropTests {
    static func expectMatches(_ summary: PythonHistogramSummary, _ histogram: HDRHistogram) {
        #expect(summary.lowest == histogram.lowestDiscernibleValue)
        #expect(summary.highest == histogram.highestTrackableValue)
        #expect(summary.digits == histogram.significantDigits)
        #expect(summary.count == histogram.totalCount)
        #expect(summary.min == histogram.min)
        #expect(summary.max == histogram.max)
        #expect(summary.mean == histogram.mean)
        #expect(abs(summary.stddev - histogram.stdDeviation) <= 1e-9 * Swift.max(1, histogram.stdDeviation))
        let ours = histogram.recordedValues().map { [$0.valueIteratedTo, $0.countAtValueIteratedTo] }
        #expect(summary.slots == ours)
        // The Python port rounds the rank (p/100 * N + 0.5) where Java takes the ceiling; with
        // N = 100_000 the ranks of these percentiles are whole numbers and both rules agree.
        for (key, value) in summary.percentiles {
            #expect(histogram.value(atPercentile: Double(key)!) == value, "p\(key)")
        }
    }

    static func sampleHistogram(_ distribution: SampleDistribution, digits: Int) -> HDRHistogram {
        var histogram = HDRHistogram(significantDigits: digits)
        for sample in distribution.samples(count: 100_000, seed: 2024) { histogram.record(sample) }
        return histogram
    }

    @Test(arguments: SampleDistribution.allCases, [2, 3])
    func pythonDecodesOurPayload(distribution: SampleDistribution, digits: Int) throws {
        let histogram = Self.sampleHistogram(distribution, digits: digits)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hdr-interop-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("payload.txt")
        try histogram.encodedBase64().write(to: file, atomically: true, encoding: .utf8)
        guard let data = try HDRPythonPort.run(["decode", "@" + file.path]) else { return }
        Self.expectMatches(try JSONDecoder().decode(PythonHistogramSummary.self, from: data), histogram)
    }

    @Test func pythonReadsOurIntervalLog() throws {
        let intervals = [
            Self.sampleHistogram(.bimodal, digits: 3), Self.sampleHistogram(.uniform, digits: 3), HDRHistogram(),
        ]
        var writer = HDRLogWriter(startTimeMillis: 1_700_000_000_000)
        for (index, histogram) in intervals.enumerated() {
            try writer.append(
                histogram,
                startSeconds: Double(index),
                lengthSeconds: 1,
                tag: index == 1 ? nil : "worker\(index)"
            )
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hdr-interop-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("run.hlog")
        try writer.text.write(to: file, atomically: true, encoding: .utf8)
        guard let data = try HDRPythonPort.run(["hlog", file.path]) else { return }
        struct Log: Decodable {
            let startTimeSeconds: Double
            let intervals: [PythonHistogramSummary]
        }
        let log = try JSONDecoder().decode(Log.self, from: data)
        #expect(log.startTimeSeconds == 1_700_000_000)
        try #require(log.intervals.count == 3)
        for (index, summary) in log.intervals.enumerated() {
            #expect(summary.tag == (index == 1 ? nil : "worker\(index)"))
            #expect(summary.startMillis == 1_700_000_000_000 + Double(index) * 1000)
            Self.expectMatches(summary, intervals[index])
        }
    }

    @Test(arguments: [2, 3, 4])
    func weDecodePythonsPayload(digits: Int) throws {
        let samples = SampleDistribution.logNormal.samples(count: 300, seed: UInt64(digits))
        var expected = HDRHistogram(significantDigits: digits)
        for sample in samples { expected.record(sample) }
        let arguments = ["encode", "1", "3600000000000", String(digits)] + samples.map(String.init)
        guard let data = try HDRPythonPort.run(arguments) else { return }
        struct Encoded: Decodable {
            let base64: String
            let summary: PythonHistogramSummary
        }
        let encoded = try JSONDecoder().decode(Encoded.self, from: data)
        let decoded = try HDRHistogram(decodingBase64: encoded.base64)
        #expect(decoded == expected)
        #expect(decoded.mean == encoded.summary.mean)
    }
}
