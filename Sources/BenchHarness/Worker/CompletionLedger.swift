/// A worker's exactly-once account of its parked requests: in a correct run every parked request
/// completes once, so `stray` and `pendingAtStop` are zero (otherwise the run is invalid).
package struct CompletionLedger: Sendable, Equatable {
    /// Requests the engine parked (the load's and the worker's own bookkeeping).
    package var parked = 0
    /// Completions matched to a parked request.
    package var completed = 0
    /// Completions for no parked request (a free slot, or an earlier generation of one): a
    /// request completed twice, or one the engine had answered inline.
    package var stray = 0
    /// Parked requests still without a completion when the worker stopped waiting.
    package var pendingAtStop = 0

    /// A ledger from its values.
    package init(parked: Int = 0, completed: Int = 0, stray: Int = 0, pendingAtStop: Int = 0) {
        self.parked = parked
        self.completed = completed
        self.stray = stray
        self.pendingAtStop = pendingAtStop
    }

    /// Adds `other`'s counts.
    package mutating func add(_ other: CompletionLedger) {
        parked += other.parked
        completed += other.completed
        stray += other.stray
        pendingAtStop += other.pendingAtStop
    }

    /// Why a run with this ledger is invalid, one line each; empty when every parked request
    /// completed exactly once.
    package var invalidReasons: [String] {
        var reasons: [String] = []
        if stray > 0 {
            reasons.append(
                "\(stray) completions matched no parked request (a request completed twice, or both "
                    + "answered and completed)"
            )
        }
        if pendingAtStop > 0 {
            reasons.append(
                "\(pendingAtStop) parked requests never completed (the engine's upstream timeout did not end them)"
            )
        }
        return reasons
    }
}
