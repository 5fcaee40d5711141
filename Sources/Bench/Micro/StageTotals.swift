import AuthZCore

/// A stage observer that sums the nanoseconds and counts of each stage (no histogram): the cheapest
/// enabled observer, used to show what timing the stages costs.
struct StageTotals: StageObserver, Sendable {
    static var isEnabled: Bool { true }
    /// Total nanoseconds per stage, indexed by `Stage.rawValue`.
    var nanoseconds = [UInt64](repeating: 0, count: Stage.allCases.count)
    /// Records per stage.
    var counts = [Int](repeating: 0, count: Stage.allCases.count)

    mutating func record(_ stage: Stage, nanoseconds duration: UInt64) {
        nanoseconds[stage.rawValue] &+= duration
        counts[stage.rawValue] &+= 1
    }
}
