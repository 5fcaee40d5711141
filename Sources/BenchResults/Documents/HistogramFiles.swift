import Foundation
import HDRHistogram
import BenchHarness

/// The `.hgrm` and `.hlog` outputs of a run (HdrHistogram's own formats; see HDRHistogram's Formats article).
package enum HistogramFiles {
    /// Latency values in `.hgrm` files are microseconds: nanoseconds divided by this.
    package static let hgrmValueScale = 1000.0

    /// The `.hlog` tag and `.hgrm` name of the requests-in-flight histogram (its values are counts).
    package static let inFlightTag = "inFlight"

    /// The `.hgrm` files of a result, by file name: one per latency kind (`responseTime.hgrm`,
    /// `serviceTime.hgrm`, `startLag.hgrm`, `upstreamWait.hgrm`) and `stage-<name>.hgrm`, values
    /// in microseconds, and `inFlight.hgrm` (when measured), values in requests; all in
    /// HdrHistogram's Java percentile-distribution layout.
    package static func hgrmFiles(_ result: RunResult) -> [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        for kind in LatencyKind.allCases {
            files.append(("\(kind.rawValue).hgrm", hgrmText(result.histogram(kind))))
        }
        for name in result.stageNames {
            files.append(("stage-\(name).hgrm", hgrmText(result.stages[name] ?? HDRHistogram())))
        }
        if let inFlight = result.inFlight {
            files.append(("\(inFlightTag).hgrm", inFlight.percentileDistributionText(outputValueUnitScalingRatio: 1)))
        }
        return files
    }

    /// One `.hgrm` text (values in µs).
    package static func hgrmText(_ histogram: HDRHistogram) -> String {
        histogram.percentileDistributionText(outputValueUnitScalingRatio: hgrmValueScale)
    }

    /// Writes every `.hgrm` file of `result` into `directory` (created when missing), each atomically.
    ///
    /// - Returns: the paths written.
    @discardableResult
    package static func writeHgrm(_ result: RunResult, to directory: String) throws(BenchError) -> [String] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .badInput("--hgrm \(directory): is a file; expected a directory")
        }
        var paths: [String] = []
        for file in hgrmFiles(result) {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(file.name).path
            try AtomicFile.write(file.text, to: path)
            paths.append(path)
        }
        return paths
    }

    /// The interval log of a run: every 1-second interval of the measured phase, one line per
    /// latency kind (`Tag=responseTime`, `Tag=serviceTime`, `Tag=startLag`, `Tag=upstreamWait`),
    /// values in ns, then `Tag=inFlight`, values in requests; log format 1.3, StartTime = the
    /// measured phase's wall-clock start.
    ///
    /// The Interval_Max column is the value divided by 1e6 for every tag (one ratio per log, as
    /// HdrHistogram's writers have it): milliseconds for latencies, millionths of requests for
    /// `inFlight`. Readers take the histograms from the payloads; that column is for people.
    package static func hlogText(_ outcome: RunOutcome) throws(BenchError) -> String {
        var writer = HDRLogWriter(
            startTimeMillis: outcome.startEpochMillis, maxValueUnitRatio: 1_000_000,
            comments: ["[authz-bench \(BenchVersion.current): values in nanoseconds, Interval_Max in milliseconds; "
                + "Tag=\(inFlightTag): values in requests, Interval_Max in millionths of them]"])
        for interval in outcome.intervals {
            let tagged = LatencyKind.allCases.map { (tag: $0.rawValue, histogram: interval.histogram($0) ?? HDRHistogram()) }
                + [(tag: inFlightTag, histogram: interval.inFlight)]
            for (tag, histogram) in tagged {
                do {
                    try writer.append(histogram, startSeconds: interval.startSeconds, lengthSeconds: interval.lengthSeconds, tag: tag)
                } catch {
                    throw BenchError.failure("cannot encode an interval histogram: \(error.message)")
                }
            }
        }
        return writer.text
    }

    /// Writes the interval log of `outcome` to `path` atomically.
    package static func writeHlog(_ outcome: RunOutcome, to path: String) throws(BenchError) {
        try AtomicFile.write(try hlogText(outcome), to: path)
    }
}
