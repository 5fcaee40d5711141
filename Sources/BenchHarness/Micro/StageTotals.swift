import AuthZCore

/// A stage observer that sums the nanoseconds and counts of each stage (no histogram): the cheapest
/// enabled observer, used to show what timing the stages costs.
package struct StageTotals: StageObserver, Sendable {
    package static var isEnabled: Bool { true }
    /// Total nanoseconds per stage, indexed by `Stage.rawValue`.
    package var nanoseconds = [UInt64](repeating: 0, count: Stage.allCases.count)
    /// Records per stage.
    package var counts = [Int](repeating: 0, count: Stage.allCases.count)

    package mutating func record(_ stage: Stage, nanoseconds duration: UInt64) {
        nanoseconds[stage.rawValue] &+= duration
        counts[stage.rawValue] &+= 1
    }
}
