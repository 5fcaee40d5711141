import BenchHarness
import Foundation
import HDRHistogram

/// `.hlog` texts of shards with the authz-bench metadata lines (`#[authz-bench-run: ...]`,
/// `#[authz-bench-scenario: ...]`, `#[authz-bench-end: ...]`, `#[authz-bench-verdict: ...]`), for the
/// merge tests.
package enum ShardLogs {
    /// One shard's log description.
    package struct Shard {
        /// 1-based shard.
        package var index: Int
        /// Shard count.
        package var count: Int
        /// Measured-phase start, Unix epoch milliseconds.
        package var startEpochMillis: Int64
        /// The one-second intervals written.
        package var seconds: Int = 5
        /// The measured seconds the run planned (`seconds` when nil).
        package var plannedSeconds: Double? = nil
        /// Whether the end line is written (false: a killed run).
        package var ended = true
        /// Requests per interval (a histogram of that many values).
        package var requestsPerSecond = 200
        /// The scenario rate (a scenario key; a different rate is a different scenario).
        package var rate = 600
        /// The fingerprint written (derived from `rate` unless set).
        package var fingerprint: String? = nil
        /// The writer's version.
        package var version = "0.1.0"
        /// The verdict line's JSON after the end line (none when nil: a log written before it).
        package var verdict: String? = nil

        /// A shard `index` of `count` started at `startEpochMillis`.
        package init(_ index: Int, of count: Int, startEpochMillis: Int64) {
            self.index = index
            self.count = count
            self.startEpochMillis = startEpochMillis
        }

        /// The requests the log holds.
        package var requests: Int { seconds * requestsPerSecond }
    }

    /// A wall-clock start for tests (2025-11-23T18:40:00Z), milliseconds.
    package static let baseMillis: Int64 = 1_763_923_200_000

    /// The scenario object of `shard` (compact, sorted keys), as `run` writes it.
    package static func scenarioJSON(_ shard: Shard) throws -> String {
        let scenario: [String: Any] = [
            "seed": 1, "devices": 1_000, "rate": shard.rate, "shardIndex": shard.index - 1, "shardCount": shard.count,
            "loop": "open",
        ]
        let data = try JSONSerialization.data(withJSONObject: scenario, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The log text of `shard`.
    package static func text(_ shard: Shard) throws -> String {
        let planned = shard.plannedSeconds ?? Double(shard.seconds)
        let fingerprint = shard.fingerprint ?? String(format: "%016x", shard.rate)
        let run =
            "[authz-bench-run: version=\(shard.version), shard=\(shard.index)/\(shard.count), fingerprint=\(fingerprint), "
            + "host=test-host-\(shard.index), startEpochMillis=\(shard.startEpochMillis), plannedSeconds=\(String(format: "%.3f", planned))]"
        var writer = HDRLogWriter(
            startTimeMillis: shard.startEpochMillis,
            comments: [
                "[authz-bench 0.1.0: values in nanoseconds]", run, "[authz-bench-scenario: \(try scenarioJSON(shard))]",
            ]
        )
        for second in 0..<shard.seconds {
            let histogram = SyntheticRun.histogram(base: 1_000 + UInt64(shard.index), count: shard.requestsPerSecond)
            try writer.append(histogram, startSeconds: Double(second), lengthSeconds: 1, tag: "responseTime")
            try writer.append(
                SyntheticRun.histogram(base: 1, count: 10),
                startSeconds: Double(second),
                lengthSeconds: 1,
                tag: "inFlight"
            )
        }
        var text = writer.text
        if shard.ended { text += "#[authz-bench-end: intervals=\(shard.seconds), requests=\(shard.requests)]\n" }
        if let verdict = shard.verdict { text += "#[authz-bench-verdict: \(verdict)]\n" }
        return text
    }

    /// Writes the logs of `shards` into `directory` as `shard-I.hlog`; returns their paths in order.
    package static func write(_ shards: [Shard], in directory: URL, prefix: String = "shard") throws -> [String] {
        var paths: [String] = []
        for shard in shards {
            var path = directory.appendingPathComponent("\(prefix)-\(shard.index).hlog").path
            var copy = 2
            while FileManager.default.fileExists(atPath: path) {
                path = directory.appendingPathComponent("\(prefix)-\(shard.index)-\(copy).hlog").path
                copy += 1
            }
            try Data(try text(shard).utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// Shards 1...count of one scenario, started `spreadMillis` apart.
    package static func shards(_ count: Int, spreadMillis: Int64 = 0) -> [Shard] {
        (1...count).map { Shard($0, of: count, startEpochMillis: baseMillis + Int64($0 - 1) * spreadMillis) }
    }
}
