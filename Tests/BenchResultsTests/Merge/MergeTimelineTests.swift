import BenchHarness
import TestSupport
import Testing

@testable import BenchResults

/// The merged timeline's slots: at most an hour of them, whatever the length of the merge, every
/// request in one. Built on inputs as the readers leave them (no logs to write and read: an hour of
/// histograms costs minutes under the sanitizers, and the slots do not depend on them).
@Suite struct MergeTimelineTests {
    /// An input of `seconds` one-second intervals of `requests` each, measured from `startMillis`.
    static func input(seconds: Int, requests: Int = 1, startMillis: Int64 = ShardLogs.baseMillis) -> MergeInput {
        var identity = ShardIdentity()
        identity.startEpochMillis = startMillis
        return MergeInput(
            file: "shard.hlog",
            isResult: false,
            identity: identity,
            requests: seconds * requests,
            window: (0, Double(seconds)),
            intervals: (0..<seconds).map { MergeInput.Interval(start: Double($0), length: 1, requests: requests) },
            recordsByPath: true,
            recordsByOperation: true
        )
    }

    @Test(
        "A merge longer than an hour lists at most 3,600 slots, every request in one of them",
        arguments: [(3_600, 3_600, 1.0), (3_601, 1_801, 2.0), (3_700, 1_850, 2.0), (7_201, 1_801, 4.0)]
    )
    func slotsStayWithinAnHour(seconds: Int, slots: Int, width: Double) {
        let inputs = [Self.input(seconds: seconds, requests: 3)]
        let intervals = MergeTimeline(inputs, alignment: .absolute).intervals(inputs)
        #expect(intervals.count <= MergeTimeline.maxSlots)
        #expect(intervals.count == slots)
        #expect(intervals.map(\.requests).reduce(0, +) == seconds * 3)
        #expect(intervals.dropLast().allSatisfy { $0.lengthSeconds == width })
        #expect(intervals.map(\.startSeconds) == (0..<slots).map { Double($0) * width })
    }

    @Test("Two shards an hour apart share one timeline of 2-second slots, each as long as one shard spent in it")
    func twoShardsOnOneTimeline() {
        let inputs = [
            Self.input(seconds: 3_600, requests: 2),
            Self.input(seconds: 3_600, requests: 5, startMillis: ShardLogs.baseMillis + 1_800_000),
        ]
        let timeline = MergeTimeline(inputs, alignment: .absolute)
        #expect(timeline.offsets == [0, 1_800])
        #expect(timeline.unionSeconds(inputs) == 5_400)
        let intervals = timeline.intervals(inputs)
        #expect(intervals.count == 2_700)
        #expect(intervals.map(\.requests).reduce(0, +) == 3_600 * 7)
        #expect(intervals.allSatisfy { $0.lengthSeconds == 2 })
        // Slots where both shards measured hold both shards' requests.
        #expect(intervals.first?.requests == 4 && intervals[1_000].requests == 14 && intervals.last?.requests == 10)
    }
}
