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
}
