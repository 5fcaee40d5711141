/// How `merge` places its inputs in time and what it tolerates.
package struct MergeOptions: Sendable, Equatable {
    /// Where each input's intervals go on the merged timeline.
    package enum Alignment: String, Sendable, CaseIterable {
        /// At the input's wall-clock start (`startEpochMillis`): shards that did not overlap stay apart,
        /// and the rate is over the time some shard was actually measuring.
        case absolute
        /// At the merged timeline's zero: interval k of every input together, as if all had started at
        /// once (repetitions run one after another, for example).
        case relative
    }

    /// The alignment (`--align`, absolute by default).
    package var alignment: Alignment = .absolute
    /// Merge even when shards are missing or truncated (`--allow-missing`); the result says which.
    package var allowMissing = false
    /// The spread of start times beyond which `merge` warns (`--max-skew`, 100 ms by default).
    package var maxSkewMillis: Int64 = 100

    /// The defaults.
    package init(alignment: Alignment = .absolute, allowMissing: Bool = false, maxSkewMillis: Int64 = 100) {
        self.alignment = alignment
        self.allowMissing = allowMissing
        self.maxSkewMillis = maxSkewMillis
    }
}
