import BenchHarness
import BenchResults
import Foundation
import TestSupport
import Testing

/// The throughput timeline's target: flat at the target rate, or following the scenario's stages.
@Suite("HTML report: the throughput timeline's target")
struct TimelineTargetTests {
    /// A run result whose scenario has `stages` (nil: none) and target rate `target`.
    static func run(stages: [RampStage]?, target: Double?) throws -> ResultDocument {
        var document = try HTMLReportFixtures.run()
        if let stages, case .object(var members) = document.scenario {
            members["stages"] = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(stages))
            document.scenario = .object(members)
        }
        document.summary.targetRate = target
        return document
    }

    @Test func stagesGiveTheProfileScaledToTheTargetRate() throws {
        // Mean (15,000 + 180,000 + 150,000) / 120 s; a merge of two shards targets twice that.
        let stages = [
            RampStage(durationMillis: 30_000, rate: 1_000), RampStage(durationMillis: 60_000, rate: 5_000),
            RampStage(durationMillis: 30_000, rate: 5_000),
        ]
        let mean: Double = (15_000 + 180_000 + 150_000) / 120
        for factor in [1.0, 2.0] {
            let document = try Self.run(stages: stages, target: mean * factor)
            let profile = try #require(
                TimelineChart.targetProfile(scenario: document.scenario, targetRate: mean * factor)
            )
            #expect(profile.map(\.seconds) == [0, 30, 90, 120])
            #expect(profile.map(\.rate) == [0, 1_000 * factor, 5_000 * factor, 5_000 * factor])
        }
        // A leading step starts the profile at its rate.
        let step = try Self.run(
            stages: [RampStage(durationMillis: 0, rate: 300), RampStage(durationMillis: 2_000, rate: 300)],
            target: 300
        )
        #expect(TimelineChart.targetProfile(scenario: step.scenario, targetRate: 300)?.map(\.rate) == [300, 300, 300])
    }

    @Test func withoutStagesOrInClosedLoopTheTargetIsFlatOrAbsent() throws {
        let flat = try Self.run(stages: nil, target: 1_000)
        #expect(TimelineChart.targetProfile(scenario: flat.scenario, targetRate: 1_000) == nil)
        let closed = try Self.run(stages: [RampStage(durationMillis: 1_000, rate: 10)], target: nil)
        #expect(TimelineChart.targetProfile(scenario: closed.scenario, targetRate: nil) == nil)
    }

    @Test func theChartDrawsAPathForStagesAndALineOtherwise() throws {
        let staged = ReportRun(
            name: "staged.json",
            document: try Self.run(stages: [RampStage(durationMillis: 3_000, rate: 2_000)], target: 1_000)
        )
        let flat = ReportRun(name: "flat.json", document: try Self.run(stages: nil, target: 1_000))
        let svg = HTMLReportFixtures.svg("timeline", in: ReportPage.html(ReportInputs(runs: [staged, flat])))
        #expect(HTMLReportFixtures.count("<path class=\"target\"", in: svg) == 1)
        #expect(HTMLReportFixtures.count("<line class=\"target\"", in: svg) == 1)
        #expect(svg.contains("staged.json, target: the stages"))
    }
}
