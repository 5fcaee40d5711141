import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Result JSON (schema version 1)")
struct ResultDocumentTests {
    /// The JSON object of a result's document.
    static func json(_ result: RunResult) throws -> [String: Any] {
        let data = try ResultDocument(result).jsonData()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func value(_ root: [String: Any], _ path: String) -> Any? {
        var current: Any? = root
        for key in path.split(separator: "/") { current = (current as? [String: Any])?[String(key)] }
        return current
    }

    enum Kind { case string, integer, number, bool, object, array, numberOrNull }

    static func matches(_ value: Any?, _ kind: Kind) -> Bool {
        guard let value else { return false }
        switch kind {
        case .string: return value is String
        case .object: return value is [String: Any]
        case .array: return value is [Any]
        case .bool: return value is Bool
        case .integer: return (value as? NSNumber).map { Double($0.int64Value) == $0.doubleValue } ?? false
        case .number: return value is NSNumber
        case .numberOrNull: return value is NSNumber || value is NSNull
        }
    }

    static let histogramKeys: [(String, Kind)] = [
        ("count", .integer), ("min", .integer), ("mean", .number), ("p50", .integer), ("p90", .integer),
        ("p99", .integer), ("p99.9", .integer), ("p99.99", .integer), ("max", .integer), ("histogram", .string),
    ]

    static let requiredPaths: [(String, Kind)] = [
        ("schemaVersion", .integer), ("tool", .string), ("version", .string),
        ("environment/swift", .string), ("environment/openssl", .string), ("environment/cpu", .string),
        ("environment/cores", .integer), ("environment/os", .string), ("environment/build", .string),
        ("environment/gitCommit", .string),
        ("scenario", .object), ("scenario/seed", .integer), ("scenario/loop", .string),
        ("summary/requests", .integer), ("summary/errors", .object), ("summary/durationSeconds", .number),
        ("summary/targetRate", .numberOrNull), ("summary/achievedRate", .number), ("summary/valid", .bool),
        ("summary/invalidReasons", .array),
        ("summary/maxInFlight", .integer),
        ("latency/responseTime", .object), ("latency/serviceTime", .object), ("latency/startLag", .object),
        ("latency/upstreamWait", .object), ("concurrency/inFlight", .object),
        ("upstream/calls", .integer), ("upstream/coalesced", .integer), ("upstream/refreshes", .integer),
        ("upstream/errors", .integer), ("upstream/timeouts", .integer), ("upstream/rejected", .integer),
        ("upstream/maxInFlight", .integer),
        ("prewarm/devices", .integer), ("prewarm/authorizations", .integer), ("prewarm/seconds", .number),
        ("stages", .object),
        ("cache/strategy", .string), ("cache/capacity", .integer), ("cache/hits", .integer), ("cache/misses", .integer),
        ("cache/evictions", .integer), ("cache/expirations", .integer), ("cache/hitRatio", .number),
        ("cache/entries", .integer), ("cache/bytesPerEntry", .number),
        ("cache/caches/verifiedTokens/hits", .integer), ("cache/caches/authorizations/misses", .integer),
        ("warmup/responseTime", .object), ("warmup/serviceTime", .object), ("warmup/startLag", .object),
        ("warmup/upstreamWait", .object),
        ("attacks/expected", .object), ("attacks/unexpected", .integer),
        ("intervals", .array), ("setupSeconds", .number),
    ]

    @Test func everySchemaKeyIsPresentWithItsType() throws {
        let root = try Self.json(SyntheticRun.result())
        for (path, kind) in Self.requiredPaths {
            #expect(Self.matches(Self.value(root, path), kind), "\(path) should be \(kind)")
        }
        for section in [
            "latency/responseTime", "latency/serviceTime", "latency/startLag", "latency/upstreamWait",
            "warmup/startLag", "warmup/upstreamWait", "concurrency/inFlight", "stages/parse", "stages/verify",
        ] {
            for (key, kind) in Self.histogramKeys {
                let object = Self.value(root, section) as? [String: Any]
                #expect(Self.matches(object?[key], kind), "\(section)/\(key) should be \(kind)")
            }
        }
        #expect(Self.value(root, "schemaVersion") as? Int == 1)
        #expect(Self.value(root, "tool") as? String == "authz-bench")
        #expect(Self.value(root, "version") as? String == BenchVersion.current)
        #expect(Self.value(root, "scenario/loop") as? String == "open")
        #expect(Self.value(root, "summary/targetRate") as? Double == 1_000)
        #expect(
            Self.value(root, "summary/errors") as? [String: Int]
                == ["NOT_AUTHORIZED": 7, "INVALID_SIGNATURE": 3, "UPSTREAM_UNAVAILABLE": 10]
        )
        #expect(Self.value(root, "attacks/expected") as? [String: Int] == ["INVALID_SIGNATURE": 3])
        #expect(Self.value(root, "cache/hits") as? Int == 1_500)
        #expect(Self.value(root, "cache/entries") as? Int == 440)
        let intervals = try #require(Self.value(root, "intervals") as? [[String: Any]])
        #expect(intervals.count == 3)
        #expect(intervals.map { $0["requests"] as? Int } == [1_000, 1_000, 1_000])
        #expect(intervals.map { $0["start"] as? Double } == [0, 1, 2])
        // Optional scenario inputs are written as null, not left out.
        #expect(Self.value(root, "scenario/stallMillis") is NSNull)
    }

    @Test func closedLoopHasNullTargetRateAndClosedLabel() throws {
        let root = try Self.json(SyntheticRun.result(closed: true))
        #expect(Self.value(root, "summary/targetRate") is NSNull)
        #expect(Self.value(root, "scenario/loop") as? String == "closed")
        #expect(Self.value(root, "scenario/rate") is NSNull)
        let document = try ResultDocument.parse(
            try ResultDocument(SyntheticRun.result(closed: true)).jsonData(),
            file: "x.json"
        )
        #expect(document.summary.targetRate == nil)
    }

    @Test(arguments: LatencyKind.allCases)
    func percentilesAndPayloadMatchTheHistogram(kind: LatencyKind) throws {
        let result = SyntheticRun.result()
        let histogram = try #require(result.latency[kind])
        let document = try ResultDocument.parse(try ResultDocument(result).jsonData(), file: "r.json")
        let summary = try #require(document.latency[kind])
        #expect(summary.count == histogram.totalCount)
        #expect(summary.min == histogram.min)
        #expect(summary.max == histogram.max)
        #expect(summary.mean == histogram.mean)
        #expect(summary.p50 == histogram.value(atPercentile: 50))
        #expect(summary.p90 == histogram.value(atPercentile: 90))
        #expect(summary.p99 == histogram.value(atPercentile: 99))
        #expect(summary.p999 == histogram.value(atPercentile: 99.9))
        #expect(summary.p9999 == histogram.value(atPercentile: 99.99))
        #expect(summary.histogram.hasPrefix("HISTF"))
        #expect(try HDRHistogram(decodingBase64: summary.histogram) == histogram)
    }

    @Test func roundTripKeepsEveryField() throws {
        let document = try ResultDocument(SyntheticRun.result())
        let reread = try ResultDocument.parse(try document.jsonData(), file: "r.json")
        #expect(reread == document)
        #expect(try reread.jsonData() == document.jsonData())
        let scenario = try #require(RunResult(reread, file: "r.json").typedScenario)
        #expect(scenario == SyntheticRun.result().typedScenario)
    }

    @Test func sharedSectionsAreWrittenFlatBesideTheHistograms() throws {
        let document = try ResultDocument(SyntheticRun.result(cold: true))
        let root = try #require(try JSONSerialization.jsonObject(with: document.jsonData()) as? [String: Any])
        let sections = try #require(
            try JSONSerialization.jsonObject(with: PrettyJSON.data(document.sections, what: "sections"))
                as? [String: Any]
        )
        #expect(root["sections"] == nil)
        // A cold start has no prewarm: the key is absent, not null.
        #expect(root.keys.contains("prewarm") == false)
        let beside: Set<String> = ["schemaVersion", "tool", "version", "latency", "stages", "warmup", "concurrency"]
        #expect(Set(root.keys) == Set(sections.keys).union(beside))
        for (key, value) in sections {
            #expect(NSDictionary(dictionary: [key: value]).isEqual(to: [key: root[key] as Any]), "\(key)")
        }
    }

    @Test func writesAtomicallyAndReadsBack() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing/sub/result.json").path
        let document = try ResultDocument(SyntheticRun.result())
        try document.write(to: path)
        #expect(try ResultDocument.read(from: path) == document)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("missing/sub").path
        )
        #expect(leftovers == ["result.json"])
    }

    @Test func writingOverADirectoryFailsWithOneLine() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = #expect(throws: BenchError.self) {
            try ResultDocument(SyntheticRun.result()).write(to: directory.path)
        }
        #expect(error?.reason == .cannotCreate)
        #expect(error?.message.contains(directory.path) == true)
        #expect(error?.message.contains("\n") == false)
    }

    static let badDocuments: [(String, String)] = [
        ("", "empty file"),
        ("{\"schemaVersion\": 1, \"tool\": ", "not valid JSON"),
        ("[1, 2]", "$: expected a JSON object"),
        ("{\"tool\": \"authz-bench\"}", "$.schemaVersion: missing"),
        ("{\"schemaVersion\": 2}", "$.schemaVersion: expected 1, found 2"),
        ("{\"schemaVersion\": 1, \"tool\": \"authz-bench\"}", "missing"),
    ]

    @Test(arguments: 0..<badDocuments.count)
    func badDocumentsGiveOneLineNamingTheFile(index: Int) throws {
        let (text, expected) = Self.badDocuments[index]
        let error = #expect(throws: BenchError.self) { try ResultDocument.parse(Data(text.utf8), file: "bad.json") }
        #expect(error?.reason == .badInput)
        #expect(error?.message.hasPrefix("bad.json: ") == true)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test func wrongTypeNamesTheJSONPath() throws {
        var root = try Self.json(SyntheticRun.result())
        var summary = try #require(root["summary"] as? [String: Any])
        summary["requests"] = "many"
        root["summary"] = summary
        let data = try JSONSerialization.data(withJSONObject: root)
        let error = #expect(throws: BenchError.self) { try ResultDocument.parse(data, file: "r.json") }
        #expect(
            error?.message.hasPrefix("r.json: $.summary.requests: expected an integer") == true,
            "\(error?.message ?? "")"
        )
    }

    @Test func corruptHistogramPayloadNamesItsPath() throws {
        var root = try Self.json(SyntheticRun.result())
        var stages = try #require(root["stages"] as? [String: Any])
        var verify = try #require(stages["verify"] as? [String: Any])
        verify["histogram"] = "HISTFAAAAnotreally"
        stages["verify"] = verify
        root["stages"] = stages
        let data = try JSONSerialization.data(withJSONObject: root)
        let error = #expect(throws: BenchError.self) { try ResultDocument.parse(data, file: "r.json") }
        #expect(error?.message.hasPrefix("r.json: $.stages.verify.histogram:") == true, "\(error?.message ?? "")")
    }
}
