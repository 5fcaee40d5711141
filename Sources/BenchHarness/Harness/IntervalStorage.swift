import Synchronization

/// The bytes the harness itself keeps for completed 1-second intervals, process-wide.
///
/// Every worker keeps each completed interval packed (five `PackedHistogram`s, a few KB) until the
/// run ends, for the per-second percentiles and the `.hlog`: the harness's memory grows by a few KB
/// per second of run by design. The resident-set samples record this count beside the RSS
/// (`RSSSample.intervalBytes`), so that a soak can tell the harness's own growth from the
/// engine's. Only ever increased; a run reads the change since it started.
package enum IntervalStorage {
    private static let retained = Atomic<Int>(0)

    /// The bytes counted so far in this process.
    package static var retainedBytes: Int { retained.load(ordering: .relaxed) }

    /// Counts a packed interval: its encodings plus an array header each.
    package static func count(_ set: LatencyRecorder.PackedSet) {
        retained.add(set.bytes + set.histograms.count * 32, ordering: .relaxed)
    }
}
