import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `merge` of hostile inputs: every parsed value (header fields, interval times, result JSON
/// counts and durations) either merges or is refused with one line naming the file; never a trap.
@Suite("merge: hostile header fields, interval lines and result JSON")
struct MergeHostileInputTests {
    /// A synthetic run's result JSON as an object to edit.
    static func resultObject() throws -> [String: Any] {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.json").path
        try ResultDocument(SyntheticRun.result()).write(to: path)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
    }

    /// A synthetic run's `.hlog` text (shard 1/1, with its metadata and end lines).
    static func logText() throws -> String {
        try HistogramFiles.hlogText(SyntheticRun.result())
    }

    /// Merges `files` (name and bytes) written into a fresh directory, missing shards allowed.
    static func merge(_ files: [(String, Data)]) throws -> Result<ResultMerger.Outcome, BenchError> {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, data) in files {
            let path = directory.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        do {
            return .success(try ResultMerger.merge(paths, options: MergeOptions(allowMissing: true)))
        } catch {
            #expect(!error.message.contains("\n"), "\(error.message)")
            #expect(error.message.contains(files.last!.0), "\(error.message)")
            return .failure(error)
        }
    }

    /// The result JSON with `edit` applied, as bytes.
    static func editedResult(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try resultObject()
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// A JSON number to write (Sendable, for test arguments).
    enum Number: Sendable, CustomStringConvertible {
        case int(Int64)
        case double(Double)

        var json: Any {
            switch self {
            case .int(let value): NSNumber(value: value)
            case .double(let value): NSNumber(value: value)
            }
        }

        var description: String {
            switch self {
            case .int(let value): "\(value)"
            case .double(let value): "\(value)"
            }
        }
    }

    static func setSummary(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { object in
            var summary = object["summary"] as! [String: Any]
            summary[key] = value
            object["summary"] = summary
        }
    }

    static func setInterval(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { object in
            var intervals = object["intervals"] as! [[String: Any]]
            intervals[0][key] = value
            object["intervals"] = intervals
        }
    }

    // MARK: - .hlog header fields

    @Test(
        "plannedSeconds: any number merges or is refused naming the line",
        arguments: [
            ("1e300", false), ("1e11", false), ("-1", false), ("nan", false), ("inf", false), ("1e10", true),
            ("3.000", true), ("0", true),
        ]
    )
    func plannedSeconds(value: String, accepted: Bool) throws {
        let text = try Self.logText().replacingOccurrences(of: "plannedSeconds=3.000", with: "plannedSeconds=\(value)")
        let outcome = try Self.merge([("p.hlog", Data(text.utf8))])
        switch outcome {
        case .success: #expect(accepted)
        case .failure(let error):
            #expect(!accepted, "\(error.message)")
            #expect(error.reason == .badInput && error.message.contains("plannedSeconds=\(value)"), "\(error.message)")
        }
    }

    @Test(
        "startEpochMillis in a log: any integer merges or is refused",
        arguments: [
            ("-9223372036854775808", false), ("-1", false), ("9223372036855", false), ("9223372036854775807", false),
            ("0", true), ("9223372036854", true),
        ]
    )
    func logStart(value: String, accepted: Bool) throws {
        let text = try Self.logText().replacingOccurrences(
            of: "startEpochMillis=1700000000000",
            with: "startEpochMillis=\(value)"
        )
        #expect(text.contains("startEpochMillis=\(value)"))
        // Beside a second log: the spread of the starts is computed.
        let second = try HistogramFiles.hlogText(SyntheticRun.result(shard: 0, shards: 1), host: "other-host")
        let outcome = try Self.merge([("b.hlog", Data(second.utf8)), ("s.hlog", Data(text.utf8))])
        switch outcome {
        case .success: #expect(accepted)
        case .failure(let error): #expect(!accepted && error.reason == .badInput, "\(error.message)")
        }
    }

    @Test(
        "BaseTime: any number of seconds merges or is refused",
        arguments: [("1e300", false), ("-5", false), ("9.3e15", false), ("1700000000.000", true)]
    )
    func baseTime(value: String, accepted: Bool) throws {
        let text =
            "#[BaseTime: \(value) (seconds since epoch)]\n"
            + (try HistogramFiles.hlogText(SyntheticRun.result(), metadata: false))
            .split(separator: "\n").filter { !$0.hasPrefix("#[BaseTime") && !$0.hasPrefix("#[StartTime") }.joined(
                separator: "\n"
            )
        let outcome = try Self.merge([("t.hlog", Data(text.utf8))])
        switch outcome {
        case .success: #expect(accepted)
        case .failure(let error): #expect(!accepted && error.reason == .badInput, "\(error.message)")
        }
    }

    // MARK: - .hlog interval lines

    @Test(
        "An interval's start or length: any number merges or is refused naming the line",
        arguments: [
            ("1e300", false), ("1e11", false), ("9.3e18", false), ("1e10", true), ("0", true), ("1795695402.782", true),
        ]
    )
    func intervalTimes(value: String, accepted: Bool) throws {
        for field in [0, 1] {
            var lines = try Self.logText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let index = try #require(lines.firstIndex { $0.hasPrefix("Tag=responseTime,") })
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[1 + field] = value
            lines[index] = fields.joined(separator: ",")
            let outcome = try Self.merge([("i.hlog", Data(lines.joined(separator: "\n").utf8))])
            switch outcome {
            case .success(let merged):
                #expect(accepted)
                #expect(merged.result.summary.durationSeconds.isFinite)
            case .failure(let error):
                #expect(!accepted, "\(error.message)")
                #expect(error.message.contains("line \(index + 1):"), "\(error.message)")
            }
        }
    }

    // MARK: - result JSON

    @Test(
        "summary counts and durations: non-negative, finite, the duration above 0",
        arguments: [
            ("requests", Number.int(-1000), false), ("requests", .int(1 << 49), false),
            ("requests", .int(Int64.max), false),
            ("requests", .int(0), true),
            ("durationSeconds", .double(1e300), false), ("durationSeconds", .double(-5), false),
            ("durationSeconds", .double(0), false),
            ("durationSeconds", .double(1e11), false), ("durationSeconds", .double(3.0), true),
            ("startEpochMillis", .int(Int64.min), false), ("startEpochMillis", .int(-1), false),
            ("startEpochMillis", .int(9_223_372_036_855), false), ("startEpochMillis", .int(0), true),
        ]
    )
    func summaryFields(key: String, value: Number, accepted: Bool) throws {
        let data = try Self.editedResult(Self.setSummary(key, value.json))
        switch try Self.merge([("r.json", data)]) {
        case .success(let merged):
            #expect(accepted)
            #expect(merged.result.summary.achievedRate.isFinite)
        case .failure(let error):
            #expect(!accepted, "\(error.message)")
            #expect(error.reason == .badInput)
            #expect(error.message.contains("$.summary.\(key)"), "\(error.message)")
        }
    }

    @Test("A code's count must not be negative", arguments: ["errors", "failures"])
    func negativeCodeCount(key: String) throws {
        let data = try Self.editedResult(Self.setSummary(key, ["NOT_AUTHORIZED": -5]))
        guard case .failure(let error) = try Self.merge([("c.json", data)]) else {
            Issue.record("a negative \(key) count was merged")
            return
        }
        #expect(error.message.contains("$.summary.\(key).NOT_AUTHORIZED"), "\(error.message)")
    }

    @Test(
        "intervals[0]: times within 1e10 s, requests non-negative",
        arguments: [
            ("start", Number.double(1e300), false), ("start", .double(-1), false), ("start", .double(0), true),
            ("length", .double(1e300), false), ("length", .double(1), true), ("requests", .int(-3), false),
            ("requests", .int(10), true),
        ]
    )
    func intervalFields(key: String, value: Number, accepted: Bool) throws {
        let data = try Self.editedResult(Self.setInterval(key, value.json))
        switch try Self.merge([("r.json", data)]) {
        case .success: #expect(accepted)
        case .failure(let error):
            #expect(!accepted, "\(error.message)")
            // A value the schema itself refuses (a negative start) is named by the reader.
            #expect(error.message.contains("intervals"), "\(error.message)")
        }
    }
}
