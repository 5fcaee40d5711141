import HDRHistogram

extension Validity {
    /// Why the load generator, not the code under test, limited an open-loop run, one line each
    /// naming the figure; empty when it kept to its schedule, and always in closed loop, which has
    /// no schedule to keep.
    ///
    /// - The achieved rate (`requests` over `durationSeconds`) is below 99% of the target, or of
    ///   the schedule's own rate when it held fewer requests (`plannedRequests`: a shard's slice of
    ///   a `--total-rate` schedule over a short run may hold fewer than rate x duration, or none; a
    ///   slice with nothing to send has saturated nothing).
    /// - The measured phase's start lag p99 exceeds the scenario's `maxStartLagMicros` (nil: not
    ///   checked): the requests were sent on time often enough to count, but their senders were late.
    package static func generatorReasons(
        scenario: Scenario,
        requests: Int,
        durationSeconds: Double,
        startLag: HDRHistogram?,
        plannedRequests: Int? = nil
    ) -> [String] {
        guard var target = scenario.loop.rate else { return [] }
        if let plannedRequests, durationSeconds > 0 { target = min(target, Double(plannedRequests) / durationSeconds) }
        var reasons: [String] = []
        let achieved = durationSeconds > 0 ? Double(requests) / durationSeconds : 0
        if target > 0, achieved < 0.99 * target {
            reasons.append(
                String(format: "achieved %.0f requests/s, below 99%% of the target %.0f/s: ", achieved, target)
                    + "the load generator saturated (lower --rate or add --threads)"
            )
        }
        if let bound = scenario.maxStartLagMicros, let startLag, startLag.totalCount > 0 {
            let p99 = startLag.value(atPercentile: 99)
            let boundNanos = UInt64(bound) * 1_000
            if p99 > boundNanos {
                reasons.append(
                    "start lag p99 \(LatencyText.duration(p99)) exceeds --max-start-lag "
                        + "\(LatencyText.duration(boundNanos)): the load generator, not the code under test, fell behind "
                        + "(a busy machine, a worker blocked in a call, or too few --threads for the rate)"
                )
            }
        }
        return reasons
    }
}
