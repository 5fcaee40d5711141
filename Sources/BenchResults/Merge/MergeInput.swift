import BenchHarness

/// What `merge` keeps of one input besides its histograms (which it adds as it reads): who wrote
/// it, when it measured, and whether it is whole.
package struct MergeInput: Sendable {
    /// One interval of the input: its start relative to the input's measured start, its length and
    /// the requests completed in it.
    package struct Interval: Sendable, Equatable {
        /// Seconds from the input's measured start.
        package var start: Double
        /// Seconds.
        package var length: Double
        /// Requests completed in it.
        package var requests: Int
    }

    /// The path as given.
    package var file: String
    /// Whether it is a result JSON (else an `.hlog`).
    package var isResult: Bool
    /// Shard, fingerprint, version, start.
    package var identity: ShardIdentity
    /// Requests of the measured phase.
    package var requests: Int
    /// The measured window relative to the input's start, seconds.
    package var window: (start: Double, end: Double)
    /// The intervals, in order.
    package var intervals: [Interval]
    /// For an `.hlog` with the run line: the intervals it holds and planned, when it ends early.
    package var truncation: (intervals: Int, planned: Int)?
    /// Whether it recorded the response time by path (`inline`, `parked`): a merge holds them only
    /// when every input does, since a sum over some inputs would pass for the whole.
    package var recordsByPath: Bool
    /// Whether it recorded its histograms per operation: a merge holds them only when every input
    /// does, for the same reason.
    package var recordsByOperation: Bool
    /// The file's device and inode (nil for bytes not read from a file): the same file given twice.
    package var fileIdentity: String? = nil
    /// For a result written by `merge`: which shards it holds (its `shards` section).
    package var merged: ShardsSection? = nil
    /// The run's verdict: a result's summary, a log's verdict line (nil for a log without one:
    /// written before it existed, or killed).
    package var verdict: Verdict? = nil

    /// Whether an input's run was valid, and why not: the merged verdict carries it.
    package struct Verdict: Sendable, Codable, Equatable {
        /// Whether the run was valid.
        package var valid: Bool
        /// Why not, one line each.
        package var invalidReasons: [String]
        /// The signal that ended the run early (`SIGTERM`), if one did: the input is then truncated.
        package var interrupted: String?

        /// The most reasons a verdict gives, and the longest reason (characters): a run states a
        /// handful of short ones.
        package static let maxReasons = 64
        /// See ``maxReasons``.
        package static let maxReasonLength = 1_000
        /// The bounds as messages say them.
        package static let reasonsText = "at most \(maxReasons) reasons of at most \(maxReasonLength) characters"

        /// Whether the reasons are within ``maxReasons`` and ``maxReasonLength``.
        package var isBounded: Bool {
            invalidReasons.count <= Self.maxReasons && invalidReasons.allSatisfy { $0.count <= Self.maxReasonLength }
                && (interrupted?.count ?? 0) <= 16
        }
    }

    /// The largest time an input may give, seconds (`FigureCheck.maxSeconds`).
    package static let maxSeconds = FigureCheck.maxSeconds
    /// ``maxSeconds`` as messages print it.
    package static let maxSecondsText = FigureCheck.maxSecondsText
    /// The largest count an input may give (`FigureCheck.maxCount`).
    package static let maxCount = FigureCheck.maxCount
}
