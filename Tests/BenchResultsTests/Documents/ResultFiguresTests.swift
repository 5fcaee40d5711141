import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// A result file's figures are believed only when they are in range and agree with what they are
/// derived from: a forged summary is refused naming its JSON path, whoever reads it.
@Suite("Result file figures: ranges and agreement")
struct ResultFiguresTests {
    /// The synthetic run's result as a JSON object.
    static func object() throws -> [String: Any] {
        let data = try ResultDocument(SyntheticRun.result()).jsonData()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `object` with the value at `path` (keys from the root) replaced.
    static func replacing(_ object: [String: Any], _ path: [String], with value: Any) -> [String: Any] {
        var copy = object
        guard let key = path.first else { return copy }
        if path.count == 1 {
            copy[key] = value
        } else {
            copy[key] = replacing(copy[key] as? [String: Any] ?? [:], Array(path.dropFirst()), with: value)
        }
        return copy
    }

    /// The one-line error of parsing `object`, or nil when it is accepted.
    static func error(_ object: [String: Any]) throws -> String? {
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try ResultDocument.parse(data, file: "r.json")
            return nil
        } catch {
            #expect(error.reason == .badInput)
            return error.message
        }
    }

    @Test func theFiguresARunWritesAreAccepted() throws {
        #expect(try Self.error(Self.object()) == nil)
        for outcome in [SyntheticRun.result(closed: true), SyntheticRun.result(valid: false, seconds: 5)] {
            let data = try ResultDocument(outcome).jsonData()
            #expect(throws: Never.self) { try ResultDocument.parse(data, file: "r.json") }
        }
    }

    /// One forged or out-of-range figure each: the message names its path.
    static let forged: [([String], Double, String)] = [
        (["latency", "inline", "p50"], 1e9, "$.latency.inline.p50"),
        (["latency", "responseTime", "max"], 1, "$.latency.responseTime.max"),
        (["latency", "serviceTime", "mean"], 5e9, "$.latency.serviceTime.mean"),
        (["warmup", "startLag", "p90"], 123, "$.warmup.startLag.p90"),
        (["concurrency", "inFlight", "p99"], 1e6, "$.concurrency.inFlight.p99"),
        (["summary", "failureShare"], 1.5, "$.summary.failureShare"),
        (["summary", "failureShare"], 0.5, "$.summary.failureShare"),
        (["summary", "achievedRate"], -200, "$.summary.achievedRate"),
        (["summary", "achievedRate"], 5_000, "$.summary.achievedRate"),
        (["summary", "durationSeconds"], 1e300, "$.summary.durationSeconds"),
        (["summary", "targetRate"], -1, "$.summary.targetRate"),
        (["summary", "requests"], 2_999, "$.summary.requests"),
        (["summary", "requests"], 200.5, "$.summary.requests"),
        (["summary", "peakRSS"], -1, "$.summary.peakRSS"),
        (["summary", "startEpochMillis"], -5, "$.summary.startEpochMillis"),
        (["cache", "hitRatio"], 1.5, "$.cache.hitRatio"),
        (["cache", "hits"], -3, "$.cache.hits"),
        (["cache", "bytesPerEntry"], -1, "$.cache.bytesPerEntry"),
        (["upstream", "calls"], -1, "$.upstream.calls"),
        (["prewarm", "seconds"], -2, "$.prewarm.seconds"),
        (["setupSeconds"], -1, "$.setupSeconds"),
        (["attacks", "unexpected"], -1, "$.attacks.unexpected"),
    ]

    @Test(arguments: forged.indices)
    func aForgedOrOutOfRangeFigureIsRefusedByItsPath(index: Int) throws {
        let (path, value, named) = Self.forged[index]
        let message = try #require(try Self.error(Self.replacing(Self.object(), path, with: value)))
        #expect(message.hasPrefix("r.json: \(named)"), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func intervalsGivenTwiceOrInDisorderAreRefused() throws {
        let object = try Self.object()
        let intervals = try #require(object["intervals"] as? [Any])
        var repeated = object
        repeated["intervals"] = intervals + intervals
        #expect(try Self.error(repeated)?.contains("$.intervals[3].start") == true)
        var reversed = object
        reversed["intervals"] = Array(intervals.reversed())
        #expect(try Self.error(reversed)?.contains("$.intervals[1].start") == true)
        var fewer = object
        fewer["intervals"] = Array(intervals.dropLast())
        #expect(try Self.error(fewer)?.contains("$.intervals: their requests add up to") == true)
    }

    @Test func codeMapsAreBoundedAndNamedInCapitals() throws {
        var codes: [String: Int] = [:]
        for index in 0...FigureCheck.maxCodes { codes["CODE_\(index)"] = 1 }
        let many = Self.replacing(try Self.object(), ["summary", "errors"], with: codes)
        #expect(try Self.error(many)?.contains("$.summary.errors: expected at most") == true)
        let odd = Self.replacing(try Self.object(), ["attacks", "expected"], with: ["bad code\n": 1])
        #expect(try Self.error(odd)?.contains("$.attacks.expected") == true)
        let over = Self.replacing(try Self.object(), ["summary", "failures"], with: ["UPSTREAM_UNAVAILABLE": 3_001])
        #expect(try Self.error(over)?.contains("$.summary.failures.UPSTREAM_UNAVAILABLE") == true)
    }

    @Test func aStageNameCannotLeadOutOfTheHgrmDirectory() throws {
        let object = try Self.object()
        var stages = try #require(object["stages"] as? [String: Any])
        stages["../../escape"] = stages.values.first
        var forged = object
        forged["stages"] = stages
        #expect(try Self.error(forged)?.contains("$.stages: expected a stage name") == true)
    }

    @Test func theNumbersOfATextAreLocatedByTheirPath() throws {
        let text = #"{"a": {"b": [1, 2.5], "p99.9": {"c": 200.5}}, "d": -7e3}"#
        let numbers = JSONPathLocator.numbers(in: Array(text.utf8))
        #expect(numbers.map(\.path) == ["$.a.b[0]", "$.a.b[1]", #"$.a["p99.9"].c"#, "$.d"])
        #expect(numbers.map(\.literal) == ["1", "2.5", "200.5", "-7e3"])
    }

    @Test(arguments: [["summary", "requests"], ["cache", "hits"], ["upstream", "calls"]])
    func aCountThatIsNoIntegerIsNamedByItsPath(path: [String]) throws {
        let message = try #require(try Self.error(Self.replacing(Self.object(), path, with: 200.5)))
        #expect(message == "r.json: $.\(path.joined(separator: ".")): expected an integer, got 200.5", "\(message)")
    }
}
