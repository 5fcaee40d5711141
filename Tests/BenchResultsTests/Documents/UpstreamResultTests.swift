import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Result JSON: in flight, upstream, prewarm")
struct UpstreamResultTests {
    /// The JSON object of `document`.
    static func json(_ document: ResultDocument) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: document.jsonData()) as? [String: Any])
    }

    @Test func newKeysCarryTheRunsValues() throws {
        let result = SyntheticRun.result()
        let root = try Self.json(try ResultDocument(result))
        let upstream = try #require(root["upstream"] as? [String: Int])
        let stats = try #require(result.upstream)
        #expect(
            upstream == [
                "calls": stats.calls, "coalesced": stats.coalesced, "refreshes": stats.refreshes,
                "errors": stats.errors, "timeouts": stats.timeouts, "rejected": stats.rejected,
                "maxInFlight": stats.maxInFlight,
            ]
        )
        // The engine's gauge of calls in flight at the end is not a figure of the run.
        #expect(upstream["inFlight"] == nil)
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["maxInFlight"] as? Int == result.summary.maxInFlight)
        let prewarm = try #require(root["prewarm"] as? [String: Any])
        let expected = try #require(result.prewarm)
        #expect(prewarm["devices"] as? Int == expected.devices)
        #expect(prewarm["authorizations"] as? Int == expected.authorizations)
        #expect(prewarm["seconds"] as? Double == expected.seconds)

        let document = try ResultDocument.parse(try ResultDocument(result).jsonData(), file: "r.json")
        let inFlight = try #require(document.concurrency?.inFlight)
        #expect(try inFlight.decoded(file: "r.json", path: "$.concurrency.inFlight") == result.inFlight)
        #expect(inFlight.count == result.inFlight?.totalCount)
        #expect(inFlight.p99 == result.inFlight?.value(atPercentile: 99))
        #expect(inFlight.max == UInt64(result.summary.maxInFlight ?? 0))
        let wait = try #require(result.latency[.upstreamWait])
        #expect(document.latency.upstreamWait.count == wait.totalCount)
        #expect(document.latency.upstreamWait.p99 == wait.value(atPercentile: 99))
        #expect(document.warmup.upstreamWait.count == result.warmup[.upstreamWait]?.totalCount)
        for (section, interval) in zip(document.intervals, SyntheticRun.intervals()) {
            #expect(section.inFlight == IntervalSummary.Percentiles(interval.inFlight))
            #expect(section.inFlight?.max == interval.inFlight.max)
        }
        #expect(try ResultDocument.parse(try document.jsonData(), file: "r.json") == document)
    }

    @Test func resultCodesSumToTheRequests() throws {
        let result = SyntheticRun.result()
        #expect(result.summary.codes.values.reduce(0, +) == result.summary.requests)
        let document = try ResultDocument(result)
        #expect(document.summary.errors["UPSTREAM_UNAVAILABLE"] == result.summary.codes["UPSTREAM_UNAVAILABLE"])
        let valid = result.summary.codes["VALID_TOKEN"] ?? 0
        #expect(document.summary.errors.values.reduce(0, +) + valid == document.summary.requests)
    }

    @Test func aColdStartHasNoPrewarm() throws {
        let root = try Self.json(try ResultDocument(SyntheticRun.result(cold: true)))
        #expect(root["prewarm"] == nil)
        #expect(root["upstream"] != nil && root["concurrency"] != nil)
        // The console says so when the scenario has `cold` (the `--cold` input).
        var result = SyntheticRun.result(cold: true)
        var members = try #require(result.scenario.objectValue)
        members["cold"] = .bool(true)
        result.scenario = .object(members)
        #expect(RunReport.text(result).contains("prewarm     none: cold start"))
        #expect(!RunReport.text(SyntheticRun.result()).contains("cold start"))
    }

    /// A result as written before the asynchronous upstream: the new keys taken out.
    static func olderDocument() throws -> Data {
        var root = try json(try ResultDocument(SyntheticRun.result()))
        for key in ["concurrency", "upstream", "prewarm"] { root[key] = nil }
        for section in ["latency", "warmup"] {
            var latency = try #require(root[section] as? [String: Any])
            latency["upstreamWait"] = nil
            root[section] = latency
        }
        var summary = try #require(root["summary"] as? [String: Any])
        summary["maxInFlight"] = nil
        root["summary"] = summary
        root["intervals"] = try #require(root["intervals"] as? [[String: Any]]).map { interval in
            var copy = interval
            copy["inFlight"] = nil
            return copy
        }
        return try JSONSerialization.data(withJSONObject: root)
    }

    @Test func aFileWithoutTheNewKeysReadsWithThemAbsent() throws {
        let data = try Self.olderDocument()
        #expect(!String(decoding: data, as: UTF8.self).contains("inFlight"))
        let document = try ResultDocument.parse(data, file: "old.json")
        #expect(document.concurrency == nil && document.upstream == nil && document.prewarm == nil)
        #expect(document.summary.maxInFlight == nil)
        #expect(document.latency.upstreamWait.count == 0 && document.warmup.upstreamWait.count == 0)
        #expect(document.intervals.allSatisfy { $0.inFlight == nil })
        let result = try RunResult(document, file: "old.json")
        #expect(result.inFlight == nil && result.upstream == nil)
        // Written back, absent sections stay absent (not zero).
        let rewritten = try Self.json(try ResultDocument(result))
        #expect(rewritten["concurrency"] == nil && rewritten["upstream"] == nil && rewritten["prewarm"] == nil)
        let text = RunReport.text(result)
        #expect(!text.contains("in flight") && !text.contains("upstream    ") && !text.contains("prewarm"))
        #expect(text.contains("upstreamWait"))
    }

    @Test func committedResultsFromEarlierVersionsStillRead() throws {
        let files = try RepositoryFiles.committedRunResults()
        try #require(!files.isEmpty)
        for file in files {
            let document = try ResultDocument.read(from: file)
            let result = try RunResult(document, file: file)
            #expect(result.summary.requests > 0, "\(file)")
            #expect(result.histogram(.responseTime).totalCount > 0, "\(file)")
            #expect(!RunReport.text(result).isEmpty)
            #expect(!ReportPage.html(ReportInputs(runs: [ReportRun(name: "old.json", document: document)])).isEmpty)
        }
    }
}
