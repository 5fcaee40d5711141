extension Scenario {
    /// The target rate over the run (nil in closed loop): the stages after a warm-up at their start
    /// rate, else a constant rate — the whole population's (`--total-rate`, which the shards share
    /// by lanes: `WorkerPlan`) or this process's (`--rate`).
    package var rateProfile: RateProfile? {
        guard let rate = loop.rate else { return nil }
        if let stages { return RateProfile(stages: stages, warmupMillis: warmupMillis) }
        return .constant(totalRate ?? rate)
    }

    /// The shards that share `rateProfile`'s arrivals by lanes, and this process's place among
    /// them: all of them with `--total-rate`, else this process alone (its profile is its own).
    package var laneShards: (count: Int, index: Int) {
        totalRate != nil ? (shardCount, shardIndex) : (1, 0)
    }
}
