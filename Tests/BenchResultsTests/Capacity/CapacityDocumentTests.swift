import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

@Suite("Capacity result")
struct CapacityDocumentTests {
    /// A document of steps from one synthetic run, one passing step per rate below `knee` and a
    /// failing one above it.
    static func document(knee: Double = 2_000) throws -> CapacityDocument {
        let result = SyntheticRun.result()
        let generous = try SLOExpression.parse("responseTime.p99<10s")
        let strict = try SLOExpression.parse("responseTime.p99<1ns")
        let steps = [1_000.0, 2_000, 4_000, 2_000, 4_000].map { rate in
            CapacityDocument.Step(rate: rate, result: result, objectives: rate <= knee ? generous : strict)
        }
        return CapacityDocument(
            environment: SyntheticRun.environment(),
            scenario: .object(["seed": .integer(1)]),
            slo: ["responseTime.p99<10s"],
            steps: steps,
            knee: CapacityDocument.Knee(rate: knee, lower: knee, upper: 4_000),
            stepCount: steps.count
        )
    }

    @Test func readsBackWhatItWrites() throws {
        let document = try Self.document()
        let data = try document.jsonData()
        #expect(try CapacityDocument.parse(data, file: "c.json") == document)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["kind"] as? String == "capacity")
        let step = try #require((object["steps"] as? [[String: Any]])?.first)
        #expect((step["responseTime"] as? [String: Any])?["p99.9"] != nil)
    }

    @Test func aStepCountThatDisagreesIsBadInput() throws {
        var document = try Self.document()
        document.stepCount += 1
        #expect(throws: BenchError.self) { try CapacityDocument.parse(try document.jsonData(), file: "c.json") }
    }

    @Test func aStepPassesOnlyValidAndMet() throws {
        let document = try Self.document()
        #expect(document.steps.map(\.passed) == [true, true, false, true, false])
        #expect(document.steps.allSatisfy { $0.valid })
        #expect(document.steps[2].actuals.first?.met == false)
    }

    @Test func theFiguresAreTheKneeAndItsLatency() throws {
        let document = try Self.document()
        let figures = BenchmarkFigure.capacity(document)
        #expect(figures.map(\.measure) == ["throughput", "latency", "latency-p99"])
        #expect(figures.first?.value == 2_000 && figures.first?.direction == .biggerIsBetter)
        #expect(figures.first?.lower == 2_000 && figures.first?.upper == 4_000)
        #expect(figures.last?.value == Double(document.steps[3].responseTime.p99))
        #expect(figures.dropFirst().allSatisfy { $0.direction == .smallerIsBetter })
        var none = document
        none.knee = nil
        #expect(BenchmarkFigure.capacity(none).isEmpty)
        #expect(none.kneeLine.hasPrefix("no knee"))
        #expect(document.kneeLine == "knee 2,000 req/s (between 2,000 and 4,000; 5 steps)")
    }

    @Test func theChartOverlaysOneSeriesPairPerResultAndMarksEachKnee() throws {
        let first = ReportCapacity(name: "a.json", document: try Self.document())
        let second = ReportCapacity(name: "b.json", document: try Self.document(knee: 1_000))
        let html = ReportPage.html(ReportInputs(capacities: [first, second]))
        #expect(html.contains("id=\"capacity-latency\""))
        #expect(html.contains(">2 capacity results; written by authz-bench "))
        for name in ["a.json p99", "a.json p50", "b.json p99", "b.json p50"] {
            #expect(html.contains("data-series=\"\(name)\""), "\(name)")
        }
        #expect(html.components(separatedBy: "class=\"knee\"").count - 1 == 2)
        // One row per rate in each line: repeats are drawn as markers, the line takes their worst.
        #expect(CapacityChart.worstByRate(first.document).map(\.rate) == [1_000, 2_000, 4_000])
    }
}
