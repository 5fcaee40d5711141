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

    /// The largest time an input may give, seconds (a duration, an interval's start or length, the
    /// planned phase): 1e10 s, over 300 years, beyond any run and within what the timeline can
    /// place without overflow.
    package static let maxSeconds = 1e10
    /// ``maxSeconds`` as messages print it.
    package static let maxSecondsText = "1e10"
    /// The largest count an input may give (requests, a code's count, an interval's values): 2^48,
    /// beyond any run, so that the sums over thousands of inputs cannot overflow.
    package static let maxCount = 1 << 48
}
