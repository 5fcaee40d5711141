import BenchHarness
import Foundation
import HDRHistogram

/// The authz-bench metadata of an `.hlog` (comment lines, which HdrHistogram's readers skip):
/// `#[authz-bench-run: version=..., shard=I/N, fingerprint=..., host=..., startEpochMillis=..., plannedSeconds=...]`,
/// `#[authz-bench-scenario: {...}]`, when the run ended normally `#[authz-bench-end: intervals=...,
/// requests=...]`, and once its verdict was known `#[authz-bench-verdict: {"valid": ..., ...}]`.
package struct LogMetadata: Sendable {
    /// What the run line and the scenario line say (all unknown without them).
    package var identity = ShardIdentity()
    /// Whether the log has the run line (an authz-bench log that can say whether it is complete).
    package var hasRunLine = false
    /// The intervals the end line counts; nil without an end line (a killed run).
    package var endIntervals: Int?
    /// The line of the end line (nil without one).
    package var endLine: Int?
    /// The requests the end line counts (nil without an end line, or one written before it
    /// counted them).
    package var endRequests: Int?
    /// The run's verdict (nil in logs written before it was appended, or when the run was killed).
    package var verdict: MergeInput.Verdict?

    /// Reads the metadata comments of `log`; `file` names the input in errors.
    ///
    /// - Throws: `BenchError.badInput` naming the file and line when a metadata line is malformed
    ///   (a log without them is fine).
    package init(_ log: HDRLog, file: String) throws(BenchError) {
        for comment in log.comments {
            let text = comment.text
            if let body = Self.body(of: text, prefix: "[authz-bench-run: ") {
                hasRunLine = true
                try readRun(Self.pairs(body), file: file, line: comment.line)
            } else if let body = Self.body(of: text, prefix: "[authz-bench-scenario: ") {
                guard let scenario = try? JSONDecoder().decode(JSONValue.self, from: Data(body.utf8)),
                    scenario.objectValue != nil
                else { throw .badInput("\(file): line \(comment.line): authz-bench-scenario: expected a JSON object") }
                identity.scenario = scenario
            } else if let body = Self.body(of: text, prefix: "[authz-bench-end: ") {
                let pairs = Self.pairs(body)
                let counts = 0...MergeInput.maxCount
                guard let intervals = pairs["intervals"].flatMap({ Int($0) }), counts.contains(intervals) else {
                    throw .badInput(
                        "\(file): line \(comment.line): authz-bench-end: expected intervals=COUNT (0 to \(MergeInput.maxCount))"
                    )
                }
                endIntervals = intervals
                endLine = comment.line
                if let text = pairs["requests"] {
                    guard let requests = Int(text), counts.contains(requests) else {
                        throw .badInput(
                            "\(file): line \(comment.line): authz-bench-end: requests=\(text) is not a count "
                                + "from 0 to \(MergeInput.maxCount)"
                        )
                    }
                    endRequests = requests
                }
            } else if let body = Self.body(of: text, prefix: "[authz-bench-verdict: ") {
                guard let read = try? JSONDecoder().decode(MergeInput.Verdict.self, from: Data(body.utf8)),
                    read.isBounded
                else {
                    throw .badInput(
                        "\(file): line \(comment.line): authz-bench-verdict: expected a JSON object "
                            + "{\"valid\": true|false, \"invalidReasons\": [...], \"interrupted\": SIGNAL} "
                            + "(\(MergeInput.Verdict.reasonsText))"
                    )
                }
                verdict = read
            }
        }
        if identity.startEpochMillis == nil, let seconds = log.baseTimeSeconds ?? log.startTimeSeconds {
            let millis = (seconds * 1000).rounded()
            guard millis >= 0, millis <= Double(ShardIdentity.startMillisRange.upperBound) else {
                throw .badInput(
                    "\(file): \(log.baseTimeSeconds != nil ? "BaseTime" : "StartTime") \(seconds): expected seconds since the "
                        + "Unix epoch from 0 to \(ShardIdentity.startMillisRange.upperBound / 1000)"
                )
            }
            identity.startEpochMillis = Int64(millis)
        }
    }

    private mutating func readRun(_ pairs: [String: String], file: String, line: Int) throws(BenchError) {
        func bad(_ key: String, _ expected: String) -> BenchError {
            .badInput("\(file): line \(line): authz-bench-run: \(key)=\(pairs[key] ?? "") is not \(expected)")
        }
        identity.version = pairs["version"]
        identity.fingerprint = pairs["fingerprint"]
        identity.host = pairs["host"]
        if let shard = pairs["shard"] {
            guard let parsed = ShardIdentity.parseShard(shard) else { throw bad("shard", ShardIdentity.shardForm) }
            identity.shard = parsed.index
            identity.shardCount = parsed.count
        }
        if let start = pairs["startEpochMillis"] {
            guard let millis = Int64(start), ShardIdentity.startMillisRange.contains(millis) else {
                throw bad("startEpochMillis", ShardIdentity.startMillisText)
            }
            identity.startEpochMillis = millis
        }
        if let planned = pairs["plannedSeconds"] {
            guard let seconds = Double(planned), seconds.isFinite, seconds >= 0, seconds <= MergeInput.maxSeconds else {
                throw bad("plannedSeconds", "a number of seconds from 0 to \(MergeInput.maxSecondsText)")
            }
            identity.plannedSeconds = seconds
        }
    }

    /// The text between `prefix` and the closing `]`, or nil when `text` is not such a line.
    private static func body(of text: String, prefix: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix("]") else { return nil }
        return String(text.dropFirst(prefix.count).dropLast())
    }

    /// `key=value, key=value` as a dictionary (the values have no commas: the writer replaces them).
    private static func pairs(_ body: String) -> [String: String] {
        var pairs: [String: String] = [:]
        for item in body.split(separator: ",") {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            pairs[String(trimmed[..<equals])] = String(trimmed[trimmed.index(after: equals)...])
        }
        return pairs
    }
}
