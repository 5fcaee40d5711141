import AuthZCore
import HDRHistogram

/// A stage observer that records each stage's duration into its own HDR histogram (one observer per
/// worker; merge with `add` afterwards).
package struct StageHistograms: StageObserver, Sendable {
    package static var isEnabled: Bool { true }
    /// Per stage, indexed by `Stage.rawValue`.
    package var histograms: [HDRHistogram] = Stage.allCases.map { _ in HDRHistogram() }

    package mutating func record(_ stage: Stage, nanoseconds: UInt64) {
        histograms[stage.rawValue].record(nanoseconds)
    }

    /// Adds `other`'s counts.
    package mutating func add(_ other: StageHistograms) {
        for index in histograms.indices { histograms[index].add(other.histograms[index]) }
    }

    /// The non-empty histograms by stage.
    package var byStage: [Stage: HDRHistogram] {
        var result: [Stage: HDRHistogram] = [:]
        for stage in Stage.allCases where histograms[stage.rawValue].totalCount > 0 {
            result[stage] = histograms[stage.rawValue]
        }
        return result
    }
}
