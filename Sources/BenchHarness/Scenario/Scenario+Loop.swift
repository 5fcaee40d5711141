extension Scenario {
    /// How the workers send requests. An enum rather than a rate beside a flag, so that a closed
    /// loop cannot carry a target rate and an open loop cannot lack one.
    package enum Loop: Sendable, Equatable {
        /// Open loop (`--rate R`, the default): requests are due on a schedule of `rate` requests/s
        /// in total, however slow the answers, and each is timed from when it was due, so a slow
        /// engine shows in the latency instead of hiding behind fewer requests. `rate` is this
        /// process's: with `--total-rate` its equal share of the total, with `--stages` the
        /// stages' mean rate (the target `summary.targetRate` and the validity check compare with).
        case open(rate: Double)
        /// Closed loop (`--closed`): each worker sends its next request when the previous one is
        /// done; it measures the throughput ceiling, not the latency at a given load.
        case closed

        /// The target total rate in requests/s; `nil` in closed loop, which has none.
        package var rate: Double? {
            if case .open(let rate) = self { return rate }
            return nil
        }
    }
}
