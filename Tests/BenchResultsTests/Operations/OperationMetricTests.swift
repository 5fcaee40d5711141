import AuthZCore
import BenchHarness
import BenchResults
import Foundation
import HDRHistogram
import TestSupport
import Testing

@Suite("Metric names per operation: compare --metrics, --slo, BMF and github-action-benchmark")
struct OperationMetricTests {
    @Test(
        "Metric names per operation parse in compare, --slo and BMF alike",
        arguments: ["check.inline.p50", "get.serviceTime.p99.9", "tamperedSignature.responseTime.max"]
    )
    func metricNamesParse(name: String) throws {
        let metric = try #require(CompareMetric.parse(name))
        #expect(metric.name == name && !metric.higherIsBetter)
        let objective = try #require(try SLOExpression.parse("\(name)<20us").first)
        let result = SyntheticOperations.result()
        #expect(objective.actual(in: result).map(\.isFinite) == true)
        let document = try ResultDocument(result)
        #expect(metric.value(in: document) != nil)
    }

    @Test("Operation throughput and the names that do not parse")
    func throughputAndBadNames() throws {
        let throughput = try #require(CompareMetric.parse("check.throughput"))
        #expect(throughput.higherIsBetter)
        let result = SyntheticOperations.result()
        let document = try ResultDocument(result)
        #expect(throughput.value(in: document) == 60.0 / result.summary.durationSeconds)
        #expect(try SLOExpression.parse("check.throughput>10").first?.evaluate(result).met == true)
        for bad in ["check.startLag.p99", "check.inline.p42", "nosuch.inline.p99", "check.inline"] {
            #expect(CompareMetric.parse(bad) == nil, "\(bad)")
        }
        #expect(throws: BenchError.self) { try SLOExpression.parse("check.upstreamWait.p99<1ms") }
        #expect(throws: BenchError.self) { try CompareMetric.parseList("check.nothing.p99") }
        let names = BenchmarkFigure.run(document).map { "\($0.benchmark) \($0.measure)" }
        #expect(names.contains("authz-bench/run/custom/check.inline latency-p99"))
        #expect(names.contains("authz-bench/run/custom/get throughput"))
    }

    @Test("An operation's metric has no value in a file without figures per operation")
    func notRecordedHasNoValue() throws {
        let old = SyntheticRun.result()
        let document = try ResultDocument.parse(try ResultDocument(old).jsonData(), file: "old.json")
        let back = try RunResult(document, file: "old.json")
        #expect(CompareMetric.parse("check.inline.p50")?.value(in: document) == nil)
        #expect(CompareMetric.parse("check.throughput")?.value(in: document) == nil)
        let objective = try #require(try SLOExpression.parse("check.inline.p99<20us").first)
        #expect(objective.actual(in: back) == nil && !objective.evaluate(back).met)
        #expect(objective.evaluate(back).notRecorded == true)
        #expect(!BenchmarkFigure.run(document).contains { $0.benchmark.hasSuffix("/check.inline") })
    }
}
