import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("Bencher Metric Format")
struct BencherMetricFormatTests {
    /// The document in `data`, checked against BMF's shape: benchmark -> measure -> metric with a
    /// numeric `value`, optional numeric `lower_value` <= value and `upper_value` >= value, no other key.
    static func validated(_ data: Data) throws -> [String: [String: [String: Double]]] {
        // Decoding as numbers refuses strings, booleans and nulls at the leaves.
        let document = try JSONDecoder().decode([String: [String: [String: Double]]].self, from: data)
        #expect(!document.isEmpty)
        for (benchmark, measures) in document {
            #expect(!measures.isEmpty, "\(benchmark) has no measure")
            for (measure, metric) in measures {
                #expect(Set(metric.keys).isSubset(of: ["value", "lower_value", "upper_value"]), "\(metric.keys)")
                let value = try #require(metric["value"], "\(benchmark) \(measure) has no value")
                #expect(value.isFinite)
                if let lower = metric["lower_value"] { #expect(lower <= value, "\(benchmark) \(measure)") }
                if let upper = metric["upper_value"] { #expect(value <= upper, "\(benchmark) \(measure)") }
            }
        }
        return document
    }

    @Test func runBenchmarksAreTheScenarioItsHistogramsAndThroughput() throws {
        let run = try FormatFixtures.run()
        let document = try Self.validated(try BencherMetricFormat.jsonData(BenchmarkFigure.run(run)))
        #expect(
            Set(document.keys) == [
                "authz-bench/run/steady", "authz-bench/run/steady/inline", "authz-bench/run/steady/parked",
                "authz-bench/run/steady/responseTime", "authz-bench/run/steady/serviceTime",
            ]
        )
        #expect(Set(try #require(document["authz-bench/run/steady"]).keys) == ["throughput", "failures"])
        let inline = try #require(document["authz-bench/run/steady/inline"])
        #expect(inline["latency-p99"]?["value"] == Double(try #require(run.latency.inline).p99))
        let response = try #require(document["authz-bench/run/steady/responseTime"])
        #expect(Set(response.keys) == ["latency", "latency-p99", "latency-p99-9"])
        let latency = try #require(response["latency"])
        #expect(latency["value"] == Double(run.latency.responseTime.p50))
        #expect(latency["lower_value"] == Double(run.latency.responseTime.min))
        #expect(latency["upper_value"] == Double(run.latency.responseTime.p99))
        #expect(response["latency-p99"]?["value"] == Double(run.latency.responseTime.p99))
        #expect(response["latency-p99-9"]?["upper_value"] == Double(run.latency.responseTime.max))
        #expect(
            document["authz-bench/run/steady/serviceTime"]?["latency"]?["value"] == Double(run.latency.serviceTime.p50)
        )
        let throughput = try #require(document["authz-bench/run/steady"]?["throughput"])
        #expect(throughput["value"] == run.summary.achievedRate)
        #expect(throughput["lower_value"] != nil && throughput["upper_value"] != nil)
    }

    @Test func runWithoutAScenarioNameIsCustom() throws {
        let run = try ResultDocument(SyntheticRun.result())
        let document = try Self.validated(try BencherMetricFormat.jsonData(BenchmarkFigure.run(run)))
        #expect(document.keys.allSatisfy { $0.hasPrefix("authz-bench/run/custom") })
    }

    @Test func microHasOneBenchmarkPerRowWithLatencyAndThroughput() throws {
        let rows = FormatFixtures.microRows
        let document = try Self.validated(try BencherMetricFormat.jsonData(BenchmarkFigure.micro(rows)))
        #expect(Set(document.keys) == Set(rows.map { "authz-bench/micro/\($0.name)" }))
        for row in rows {
            let measures = try #require(document["authz-bench/micro/\(row.name)"])
            #expect(Set(measures.keys) == ["latency", "throughput"])
            #expect(measures["latency"]?["value"] == row.nsPerOp)
            #expect(measures["latency"]?["upper_value"] == row.p99)
            #expect(measures["throughput"]?["value"] == row.opsPerSec)
        }
    }

    @Test func sweepHasAHitRatioBoundedByTheOptimumPerStrategyAndCapacity() throws {
        let sweep = try FormatFixtures.sweep()
        let document = try Self.validated(try BencherMetricFormat.jsonData(BenchmarkFigure.sweep(sweep)))
        #expect(
            Set(document.keys) == [
                "authz-bench/sweep/lru/1000", "authz-bench/sweep/lru/10000",
                "authz-bench/sweep/sharded-4/1000", "authz-bench/sweep/sharded-4/10000",
            ]
        )
        for row in sweep.rows {
            let name = "authz-bench/sweep/\(row.shards.map { "\(row.strategy)-\($0)" } ?? row.strategy)/\(row.capacity)"
            let measures = try #require(document[name])
            #expect(Set(measures.keys) == ["hit-ratio", "latency", "latency-p99", "latency-p99-9", "throughput"])
            #expect(measures["hit-ratio"]?["value"] == row.hitRatio)
            #expect(measures["hit-ratio"]?["upper_value"] == row.optimalHitRatio)
            #expect(measures["throughput"]?["value"] == row.throughput)
        }
    }

    @Test func boundsAreWidenedToIncludeTheValue() {
        let figure = BenchmarkFigure(
            benchmark: "b",
            measure: "m",
            value: 10,
            lower: 12,
            upper: 8,
            unit: "ns",
            direction: .smallerIsBetter
        )
        #expect(figure.lower == 10)
        #expect(figure.upper == 10)
    }

    @Test func twoFiguresForOneSeriesAreRefused() {
        let figure = BenchmarkFigure(
            benchmark: "b",
            measure: "latency",
            value: 1,
            unit: "ns",
            direction: .smallerIsBetter
        )
        #expect(throws: BenchError.self) { try BencherMetricFormat.jsonData([figure, figure]) }
    }

    @Test func boundsAreLeftOutWhenUnknown() throws {
        let figure = BenchmarkFigure(benchmark: "b", measure: "m", value: 3, unit: "ns", direction: .smallerIsBetter)
        let metric = try #require(
            try FormatFixtures.object(try BencherMetricFormat.jsonData([figure]))["b"] as? [String: Any]
        )
        #expect((metric["m"] as? [String: Any]).map { Set($0.keys) } == ["value"])
    }
}
