import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

/// The response time by path (`inline`, `parked`) and the failures apart from answers, through
/// every reader and writer; and results written before them.
@Suite("Response time by path, failures apart from answers")
struct ResponsePathTests {
    /// A result file as written before the response time by path and the failures: the same JSON
    /// without `latency.inline`, `latency.parked`, `warmup.inline`, `warmup.parked`,
    /// `summary.failures` and `summary.failureShare`.
    static func olderDocument() throws -> ResultDocument {
        let data = try ResultDocument(SyntheticRun.result()).jsonData()
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for section in ["latency", "warmup"] {
            var histograms = try #require(object[section] as? [String: Any])
            histograms["inline"] = nil
            histograms["parked"] = nil
            object[section] = histograms
        }
        var summary = try #require(object["summary"] as? [String: Any])
        summary["failures"] = nil
        summary["failureShare"] = nil
        object["summary"] = summary
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(!String(decoding: older, as: UTF8.self).contains("\"inline\""))
        return try ResultDocument.parse(older, file: "older.json")
    }

    @Test func theResultFileHoldsBothPathsAndTheFailures() throws {
        let document = try ResultDocument.parse(try ResultDocument(SyntheticRun.result()).jsonData(), file: "r.json")
        let inline = try #require(document.latency.inline)
        let parked = try #require(document.latency.parked)
        #expect(inline.count + parked.count == document.latency.responseTime.count)
        #expect(parked.count == document.latency.upstreamWait.count)
        #expect(parked.p50 > inline.max)
        #expect(document.summary.failures == ["UPSTREAM_UNAVAILABLE": 10])
        #expect(document.summary.failureShare == 10.0 / 3_000)
        // `errors` is kept as it was for older readers: every code but VALID_TOKEN.
        #expect(document.summary.errors == ["NOT_AUTHORIZED": 7, "INVALID_SIGNATURE": 3, "UPSTREAM_UNAVAILABLE": 10])
        #expect(document.summary.answers == ["VALID_TOKEN": 2_980, "NOT_AUTHORIZED": 7, "INVALID_SIGNATURE": 3])
    }

    @Test func theConsoleLeadsWithTheHotPath() throws {
        let lines = RunReport.text(SyntheticRun.result()).split(separator: "\n").map(String.init)
        let inline = try #require(lines.firstIndex { $0.hasPrefix("inline      p50 ") })
        let parked = try #require(lines.firstIndex { $0.hasPrefix("parked      p50 ") })
        let table = try #require(lines.firstIndex { $0.hasPrefix("latency ") })
        #expect(inline < parked && parked < table)
        #expect(lines[inline].contains("2,460 requests (82.0%)"))
        #expect(lines[parked].contains("540 requests (18.0%)"))
        let rows = lines[(table + 1)...].prefix(3).map { String($0.prefix(14)).trimmingCharacters(in: .whitespaces) }
        #expect(rows == ["inline", "parked", "responseTime"])
        let lag = try #require(lines.first { $0.hasPrefix("start lag   p99 ") })
        #expect(lag.contains("of the inline p99") && lag.contains("of the response p99"))
    }

    @Test func anOlderResultSaysNotRecordedNeverZeros() throws {
        let older = try Self.olderDocument()
        #expect(older.latency.inline == nil && older.latency.parked == nil && older.summary.failures == nil)
        let result = try RunResult(older, file: "older.json")
        #expect(!result.records(.inline) && !result.records(.parked) && result.records(.responseTime))
        let text = RunReport.text(result)
        #expect(text.contains("inline      not recorded"))
        #expect(text.contains("failures    not known"))
        #expect(!text.contains("errors      "))
        let table = ReportTables.latency([older], names: ["older.json"])
        #expect(table.contains("<td>not recorded</td>"))
        let markdown = RunMarkdown.text(older)
        #expect(markdown.contains("| inline p50 / p99 / p99.9 (the hot path) | not recorded |"))
        // The gate has nothing to compare there: it says so, rather than reading a zero.
        #expect(try #require(CompareMetric.parse("inline.p99")).value(in: older) == nil)
        #expect(try #require(CompareMetric.parse("failures")).value(in: older) == nil)
        let side = ComparisonSide(role: .baseline, files: ["older.json"], documents: [older])
        let error = #expect(throws: BenchError.self) { try side.checkHas(CompareMetric.defaults) }
        #expect(error?.message.contains("has no inline.p50") == true)
        // An SLO on failures reads an older file's codes as its errors did.
        let objective = try #require(try SLOExpression.parse("failures<1%").first)
        #expect(objective.actual(in: result) == 20.0 / 3_000)
    }

    @Test func theGateDefaultsToTheHotPathAndFailures() throws {
        #expect(
            CompareMetric.defaults.map(\.name) == [
                "throughput", "inline.p50", "inline.p99", "inline.p99.9", "failures",
            ]
        )
        #expect(CompareMetric.parse("p99")?.name == "inline.p99")
        #expect(
            try CompareMetric.parseList("parked.p99,responseTime.p99.9,failures").map(\.name)
                == ["parked.p99", "responseTime.p99.9", "failures"]
        )
        let failures = try #require(CompareMetric.parse("failures"))
        #expect(!failures.higherIsBetter && failures.unit == "share")
        let comparison = Comparison(threshold: 0.05)
        // From no failures to one in a million is not an infinite change ...
        let tiny = comparison.compare(failures, baseline: [0, 0, 0, 0, 0], candidate: [1e-6, 1e-6, 1e-6, 1e-6, 1e-6])
        #expect(tiny.verdict == .unchanged && tiny.change == 1e-6 / CompareMetric.failureShareFloor)
        // ... while 1% of the requests failing is a regression.
        let many = comparison.compare(
            failures,
            baseline: [0, 0, 0, 0, 0],
            candidate: [0.01, 0.011, 0.012, 0.01, 0.013]
        )
        #expect(many.verdict == .regression)
    }

    @Test func aMergeHoldsAPathOnlyWhenEveryInputRecordedIt() throws {
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.json").path
        let second = directory.appendingPathComponent("b.json").path
        try ResultDocument(SyntheticRun.result(shard: 0, shards: 2)).write(to: first)
        try ResultDocument(SyntheticRun.result(shard: 1, shards: 2)).write(to: second)
        let merged = try ResultMerger.merge([first, second])
        #expect(
            merged.histogram(.inline).totalCount + merged.histogram(.parked).totalCount
                == merged.histogram(.responseTime).totalCount
        )
        #expect(merged.histogram(.inline).totalCount == 2 * 2_460)
        #expect(merged.summary.failures == ["UPSTREAM_UNAVAILABLE": 20])
        #expect(merged.summary.failureShare == 20.0 / 6_000)

        var older = try Self.olderDocument()
        older.summary.shard = "2/2"
        try older.write(to: second)
        let mixed = try ResultMerger.merge([first, second])
        #expect(!mixed.records(.inline) && !mixed.records(.parked))
        #expect(mixed.summary.failures == nil)

        // .hlog files carry the paths' histograms but no codes.
        let log = directory.appendingPathComponent("a.hlog").path
        try HistogramFiles.writeHlog(SyntheticRun.result(), to: log)
        let fromLog = try ResultMerger.merge([log])
        #expect(fromLog.histogram(.inline).totalCount == 2_460 && fromLog.histogram(.parked).totalCount == 540)
        #expect(fromLog.summary.failures == nil)
        let text = RunReport.text(fromLog)
        #expect(text.contains("failures    not known: .hlog inputs carry no result codes"))
        #expect(text.contains("codes       not known") && !text.contains("codes       other than VALID_TOKEN: none"))
    }
}
