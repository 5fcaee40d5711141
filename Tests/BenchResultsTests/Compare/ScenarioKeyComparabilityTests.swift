import BenchHarness
import BenchResults
import TestSupport
import Testing

/// A scenario key that a result file predates reads as null when results are compared, so a
/// baseline written before an optional key existed stays comparable with a run that writes it null.
@Suite("Comparability: scenario keys added later")
struct ScenarioKeyComparabilityTests {
    @Test func anAbsentKeyEqualsNullAndDiffersFromAValue() throws {
        let current = try HTMLReportFixtures.run()
        var old = current
        guard case .object(var members) = current.scenario else {
            Issue.record("no scenario object")
            return
        }
        #expect(members["stages"] == .null && members["totalRate"] == .null)
        members["stages"] = nil
        members["totalRate"] = nil
        old.scenario = .object(members)
        #expect(Comparability.differences([("old.json", old), ("new.json", current)]).isEmpty)
        var staged = current
        members["stages"] = .array([.object(["durationMillis": .integer(1_000), "rate": .number(10)])])
        staged.scenario = .object(members)
        #expect(
            Comparability.differences([("old.json", old), ("staged.json", staged)]).map(\.key) == ["scenario.stages"]
        )
    }

    /// The start-lag bound decides whether a run counts, not what it measured: a baseline written
    /// before the bound existed, or judged by another one, is compared all the same.
    @Test func theStartLagBoundMayDiffer() throws {
        let current = try HTMLReportFixtures.run()
        guard case .object(var members) = current.scenario else {
            Issue.record("no scenario object")
            return
        }
        var bounds: [ResultDocument] = []
        for bound in [nil, .null, .integer(10_000), .integer(500)] as [JSONValue?] {
            members["maxStartLagMicros"] = bound
            var document = current
            document.scenario = .object(members)
            bounds.append(document)
        }
        #expect(Comparability.differences(bounds.enumerated().map { ("\($0.offset).json", $0.element) }).isEmpty)
        members["seed"] = .integer(2)
        var reseeded = current
        reseeded.scenario = .object(members)
        #expect(
            Comparability.differences([("a.json", bounds[2]), ("b.json", reseeded)]).map(\.key) == ["scenario.seed"]
        )
    }
}
