import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("compare: upstream wait, in flight and upstream metrics")
struct CompareUpstreamMetricsTests {
    @Test(arguments: LatencyKind.allCases)
    func everyLatencyKindIsAMetric(kind: LatencyKind) throws {
        let document = try ResultDocument(SyntheticRun.result())
        for statistic in CompareMetric.statistics {
            let metric = try #require(CompareMetric.parse("\(kind.rawValue).\(statistic)"))
            #expect(metric.name == "\(kind.rawValue).\(statistic)")
            #expect(!metric.higherIsBetter && metric.unit == "ns")
        }
        let p99 = try #require(CompareMetric.parse("\(kind.rawValue).p99"))
        #expect(p99.value(in: document) == Double(try #require(document.latency[kind]).p99))
    }

    @Test func upstreamWaitIsNamedInTheMetricsError() {
        let error = #expect(throws: BenchError.self) { try CompareMetric.parseList("upstream.coalesced") }
        for name in ["upstreamWait", "inFlight", "upstream.(calls|errors|timeouts|rejected|maxInFlight)"] {
            #expect(error?.message.contains(name) == true, "\(name): \(error?.message ?? "")")
        }
        #expect(error?.message.contains("'upstream.coalesced'") == true)
    }

    @Test func inFlightAndUpstreamMetricsReadTheirSections() throws {
        let result = SyntheticRun.result()
        let document = try ResultDocument(result)
        let inFlight = try #require(CompareMetric.parse("inFlight.p99"))
        #expect(inFlight.value(in: document) == Double(result.inFlight?.value(atPercentile: 99) ?? 0))
        #expect(inFlight.unit == "requests" && !inFlight.higherIsBetter)
        #expect(CompareMetric.parse("inFlight.max")?.value(in: document) == Double(result.summary.maxInFlight ?? 0))
        // Counters per request, so that a closed-loop candidate running more requests is not blamed.
        let calls = try #require(CompareMetric.parse("upstream.calls"))
        #expect(calls.value(in: document) == Double(result.upstream?.calls ?? 0) / Double(result.summary.requests))
        #expect(calls.unit == "per request" && !calls.higherIsBetter)
        #expect(
            CompareMetric.parse("upstream.timeouts")?.value(in: document)
                == Double(result.upstream?.timeouts ?? 0) / Double(result.summary.requests)
        )
        let peak = try #require(CompareMetric.parse("upstream.maxInFlight"))
        #expect(peak.value(in: document) == Double(result.upstream?.maxInFlight ?? 0))
        #expect(peak.unit == "calls")
        for name in ["upstream.coalesced", "upstream.refreshes", "upstream.inFlight", "inFlight.p42", "inFlight"] {
            #expect(CompareMetric.parse(name) == nil, "\(name)")
        }
    }

    /// A side of `documents` (files named `NAME-i.json`, not written).
    static func side(_ documents: [ResultDocument], role: ComparisonSide.Role) -> ComparisonSide {
        ComparisonSide(role: role, files: documents.indices.map { "\(role.rawValue)-\($0).json" }, documents: documents)
    }

    @Test func moreUpstreamCallsPerRequestIsARegression() throws {
        let base = try ResultDocument(SyntheticRun.result())
        var candidate = base
        candidate.upstream?.calls = base.upstream!.calls * 2
        let metrics = try CompareMetric.parseList("upstream.calls,inFlight.p99,upstreamWait.p99")
        let report = ComparisonReport(
            baseline: Self.side([base], role: .baseline),
            candidate: Self.side([candidate], role: .candidate),
            metrics: metrics,
            comparison: Comparison(threshold: 0.05),
            warnings: [],
            exitCode: { $0 == "regression" ? 2 : 0 }
        )
        #expect(report.metrics.map(\.metric) == ["upstream.calls", "inFlight.p99", "upstreamWait.p99"])
        #expect(report.metrics.map(\.verdict) == [.regression, .unchanged, .unchanged])
        #expect(report.verdict == "regression")
        let rows = report.tableRows
        #expect(
            rows[0][1] == String(format: "%.4g/request", Double(base.upstream!.calls) / Double(base.summary.requests))
        )
        #expect(rows[1][1] == LatencyText.count(base.concurrency!.inFlight.p99))
        #expect(rows[2][1] == LatencyText.duration(base.latency.upstreamWait.p99))
    }

    @Test func aResultWithoutTheSectionIsRefusedNamingFileAndMetric() throws {
        var older = try ResultDocument(SyntheticRun.result())
        older.concurrency = nil
        older.upstream = nil
        let side = Self.side([try ResultDocument(SyntheticRun.result()), older], role: .baseline)
        try side.checkHas(CompareMetric.defaults + [try #require(CompareMetric.parse("serviceTime.p99"))])
        // An older file reads its missing upstreamWait as empty: not a measured zero to gate on.
        for name in ["inFlight.p99", "upstream.calls", "upstreamWait.p99"] {
            let error = #expect(throws: BenchError.self) {
                try side.checkHas([try #require(CompareMetric.parse(name))])
            }
            #expect(error?.reason == .badInput)
            #expect(
                error?.message.hasPrefix("baseline baseline-1.json: has no \(name)") == true,
                "\(error?.message ?? "")"
            )
            #expect(error?.message.contains("\n") == false)
        }
    }
}
