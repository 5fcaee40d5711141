import Testing
import BenchResults
import TestSupport

/// A scenario key that a result file predates reads as null when results are compared, so a
/// baseline written before an optional key existed stays comparable with a run that writes it null.
@Suite("Comparability: scenario keys added later")
struct ScenarioKeyComparabilityTests {
    @Test func anAbsentKeyEqualsNullAndDiffersFromAValue() throws {
        let current = try HTMLReportFixtures.run()
        var old = current
        guard case .object(var members) = current.scenario else { Issue.record("no scenario object"); return }
        #expect(members["stages"] == .null && members["totalRate"] == .null)
        members["stages"] = nil
        members["totalRate"] = nil
        old.scenario = .object(members)
        #expect(Comparability.differences([("old.json", old), ("new.json", current)]).isEmpty)
        var staged = current
        members["stages"] = .array([.object(["durationMillis": .integer(1_000), "rate": .number(10)])])
        staged.scenario = .object(members)
        #expect(Comparability.differences([("old.json", old), ("staged.json", staged)]).map(\.key) == ["scenario.stages"])
    }
}
