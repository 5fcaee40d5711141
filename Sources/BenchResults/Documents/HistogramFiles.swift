import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram

/// The `.hgrm` and `.hlog` outputs of a run (HdrHistogram's own formats; see HDRHistogram's Formats article).
package enum HistogramFiles {
    /// Latency values in `.hgrm` files are microseconds: nanoseconds divided by this.
    package static let hgrmValueScale = 1000.0

    /// The `.hlog` tag and `.hgrm` name of the requests-in-flight histogram (its values are counts).
    package static let inFlightTag = "inFlight"

    /// Every `.hgrm` file a run may write (`run --hgrm DIR`), known before the run: each latency
    /// kind, each hot-path stage, `inFlight.hgrm`.
    package static var runHgrmNames: [String] {
        LatencyKind.allCases.map { "\($0.rawValue).hgrm" } + Stage.allCases.map { "stage-\($0.description).hgrm" }
            + ["\(inFlightTag).hgrm"]
    }

    /// The `.hgrm` files of a result, by file name: one per latency kind (`responseTime.hgrm`,
    /// `serviceTime.hgrm`, `startLag.hgrm`, `upstreamWait.hgrm`, and `inline.hgrm`, `parked.hgrm`
    /// when recorded) and `stage-<name>.hgrm`, values in microseconds, `inFlight.hgrm` (when
    /// measured), values in requests, and per operation with requests one per kind of
    /// `OperationLabel.kinds` (`check.inline.hgrm`, `check.parked.hgrm`, `check.responseTime.hgrm`,
    /// `check.serviceTime.hgrm`); all in HdrHistogram's Java percentile-distribution layout.
    package static func hgrmFiles(_ result: RunResult) -> [(name: String, text: String)] {
        hgrmSources(result).map { ($0.name, $0.text()) }
    }

    /// The names of ``hgrmFiles(_:)``, without making the texts.
    package static func hgrmNames(_ result: RunResult) -> [String] { hgrmSources(result).map(\.name) }

    /// Each `.hgrm` file's name and how to make its text.
    private static func hgrmSources(_ result: RunResult) -> [(name: String, text: () -> String)] {
        var files: [(name: String, text: () -> String)] = []
        for kind in LatencyKind.allCases where !kind.isByPath || result.records(kind) {
            files.append(("\(kind.rawValue).hgrm", { hgrmText(result.histogram(kind)) }))
        }
        for name in result.stageNames {
            files.append(("stage-\(name).hgrm", { hgrmText(result.stages[name] ?? HDRHistogram()) }))
        }
        if let inFlight = result.inFlight {
            files.append(
                ("\(inFlightTag).hgrm", { inFlight.percentileDistributionText(outputValueUnitScalingRatio: 1) })
            )
        }
        for label in result.operations {
            for kind in OperationLabel.kinds {
                files.append(
                    (
                        "\(operationTag(label, kind)).hgrm",
                        { hgrmText(result.histogram(kind, of: label) ?? HDRHistogram()) }
                    )
                )
            }
        }
        return files
    }

    /// The `.hlog` tag and `.hgrm` name of one operation's histogram: `check.inline`.
    package static func operationTag(_ label: OperationLabel, _ kind: LatencyKind) -> String {
        "\(label.name).\(kind.rawValue)"
    }

    /// The kinds an interval log writes per operation: the operation's `responseTime` is its
    /// `inline` and `parked` added, so the log leaves it out (`merge` adds them back).
    package static let hlogOperationKinds: [LatencyKind] = [.inline, .parked, .serviceTime]

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
            throw .cannotCreate("--hgrm \(directory): is a file; expected a directory")
        }
        var paths: [String] = []
        for file in hgrmFiles(result) {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(file.name).path
            try AtomicFile.write(file.text, to: path)
            paths.append(path)
        }
        return paths
    }

    /// The first comment line of a run's interval log: the version and the units.
    package static var hlogUnitsComment: String {
        "[authz-bench \(BenchVersion.current): values in nanoseconds, Interval_Max in milliseconds; "
            + "Tag=\(inFlightTag): values in requests, Interval_Max in millionths of them]"
    }

    /// The `.hlog` tags of one interval, in the order they are written: every latency kind, then `inFlight`.
    package static var hlogTags: [String] { LatencyKind.allCases.map(\.rawValue) + [inFlightTag] }

    /// A writer of a run's interval log (its header, for intervals written line by line):
    /// StartTime = `startEpochMillis`, the units comment, then the `metadata` comment lines
    /// (``hlogMetadata(scenario:startEpochMillis:host:)``).
    package static func hlogWriter(startEpochMillis: Int64, metadata: [String] = []) -> HDRLogWriter {
        HDRLogWriter(
            startTimeMillis: startEpochMillis,
            maxValueUnitRatio: 1_000_000,
            comments: [hlogUnitsComment] + metadata
        )
    }

    /// The lines of one interval: one per latency kind (`Tag=responseTime`, `Tag=serviceTime`,
    /// `Tag=startLag`, `Tag=upstreamWait`), values in ns, then `Tag=inFlight`, values in requests.
    ///
    /// Then, per operation with requests in the interval (`OperationLabel` order), one line per
    /// non-empty histogram of ``hlogOperationKinds``, tagged ``operationTag(_:_:)``
    /// (`Tag=check.inline`): an operation's line missing from an interval held no value there.
    ///
    /// The Interval_Max column is the value divided by 1e6 for every tag (one ratio per log, as
    /// HdrHistogram's writers have it): milliseconds for latencies, millionths of requests for
    /// `inFlight`. Readers take the histograms from the payloads; that column is for people.
    package static func hlogLines(_ interval: IntervalReport, writer: HDRLogWriter) throws(BenchError) -> String {
        var tagged =
            LatencyKind.allCases.map { (tag: $0.rawValue, histogram: interval.histogram($0)) }
            + [(tag: inFlightTag, histogram: interval.inFlight)]
        for (label, histograms) in interval.operations.sorted(by: { $0.key < $1.key }) {
            for kind in hlogOperationKinds {
                let histogram = histograms.histogram(kind)
                if histogram.totalCount > 0 { tagged.append((tag: operationTag(label, kind), histogram: histogram)) }
            }
        }
        var text = ""
        for (tag, histogram) in tagged {
            do {
                text += try writer.line(
                    histogram,
                    startSeconds: interval.startSeconds,
                    lengthSeconds: interval.lengthSeconds,
                    tag: tag
                )
            } catch {
                throw BenchError.failure("cannot encode an interval histogram: \(error.message)")
            }
        }
        return text
    }

    /// The metadata comment lines of a run's log (read by `merge`): `[authz-bench-run: version=...,
    /// shard=I/N, fingerprint=..., host=..., startEpochMillis=..., plannedSeconds=...]` and
    /// `[authz-bench-scenario: {the result's scenario object, compact, sorted keys}]`. The host has
    /// commas and spaces replaced by `_` (the values are comma-separated).
    package static func hlogMetadata(scenario: Scenario, startEpochMillis: Int64, host: String) -> [String] {
        let safeHost = String(host.map { $0 == "," || $0 == " " || $0 == "\t" ? "_" : $0 })
        let planned = String(format: "%.3f", Double(scenario.durationMillis) / 1000)
        let run =
            "[authz-bench-run: version=\(BenchVersion.current), shard=\(scenario.shardIndex + 1)/\(scenario.shardCount), "
            + "fingerprint=\(scenario.fingerprint), host=\(safeHost.isEmpty ? "unknown" : safeHost), "
            + "startEpochMillis=\(startEpochMillis), plannedSeconds=\(planned)]"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json =
            (try? encoder.encode(RunResult.scenarioValue(scenario))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return [run, "[authz-bench-scenario: \(json)]"]
    }

    /// The comment that ends a log of a run that ended normally: `[authz-bench-end: intervals=N, requests=M]`.
    package static func hlogEnd(intervals: Int, requests: Int) -> String {
        "[authz-bench-end: intervals=\(intervals), requests=\(requests)]"
    }

    /// The comment a run appends after its end line once its verdict is known (read by `merge`,
    /// whose merged verdict carries it): `[authz-bench-verdict: {"valid": ..., "invalidReasons":
    /// [...], "interrupted": "SIGTERM"}]`, compact JSON with sorted keys (reasons hold commas).
    package static func hlogVerdict(_ summary: ResultSummary) -> String {
        var members: [String: JSONValue] = [
            "valid": .bool(summary.valid), "invalidReasons": .array(summary.invalidReasons.map(JSONValue.string)),
        ]
        if let interrupted = summary.interrupted { members["interrupted"] = .string(interrupted) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(JSONValue.object(members))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "[authz-bench-verdict: \(json)]"
    }
}
