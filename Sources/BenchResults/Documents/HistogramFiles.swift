import Foundation
import HDRHistogram
import BenchHarness

/// The `.hgrm` and `.hlog` outputs of a run (HdrHistogram's own formats; see HDRHistogram's Formats article).
package enum HistogramFiles {
    /// Values in `.hgrm` files are microseconds: nanoseconds divided by this.
    package static let hgrmValueScale = 1000.0

    /// The `.hgrm` files of a result, by file name: `responseTime.hgrm`, `serviceTime.hgrm`,
    /// `startLag.hgrm` and `stage-<name>.hgrm`, in HdrHistogram's Java percentile-distribution layout
    /// with values in microseconds.
    package static func hgrmFiles(_ result: RunResult) -> [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        for kind in LatencyKind.allCases {
            files.append(("\(kind.rawValue).hgrm", hgrmText(result.histogram(kind))))
        }
        for name in result.stageNames {
            files.append(("stage-\(name).hgrm", hgrmText(result.stages[name] ?? HDRHistogram())))
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
    /// latency kind (`Tag=responseTime`, `Tag=serviceTime`, `Tag=startLag`), log format 1.3,
    /// StartTime = the measured phase's wall-clock start, values in ns, interval max in ms.
    package static func hlogText(_ outcome: RunOutcome) throws(BenchError) -> String {
        var writer = HDRLogWriter(
            startTimeMillis: outcome.startEpochMillis, maxValueUnitRatio: 1_000_000,
            comments: ["[authz-bench \(BenchVersion.current): values in nanoseconds, Interval_Max in milliseconds]"])
        for interval in outcome.intervals {
            for kind in LatencyKind.allCases {
                do {
                    try writer.append(interval.histogram(kind) ?? HDRHistogram(), startSeconds: interval.startSeconds,
                        lengthSeconds: interval.lengthSeconds, tag: kind.rawValue)
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
