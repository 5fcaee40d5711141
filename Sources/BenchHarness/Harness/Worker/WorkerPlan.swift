/// What one worker of a run drives: its share of the devices, of the open loop's rate and of the
/// closed loop's sessions.
///
/// The rate and the sessions are split in proportion to the devices each worker owns, so any
/// number of devices works with any number of workers: a worker with no devices has no schedule
/// and no session (it finishes at once), and the others keep the run's total.
package struct WorkerPlan: Sendable, Equatable {
    /// The worker's index.
    package var worker: Int
    /// Devices it owns.
    package var devices: Int
    /// Open loop: its requests per second (nil in closed loop, or with no devices).
    package var rate: Double?
    /// Open loop, uniform arrivals: where in a period its schedule starts (0..<1), so that the
    /// active workers interleave.
    package var phase: Double
    /// Closed loop: its sessions (each sends its next request when its last completes).
    package var sessions: Int
    /// How its requests arrive.
    package var arrivals: Scenario.Arrivals
    /// Seeds the Poisson gaps.
    package var seed: UInt64
    /// This process's shard (decorrelates the Poisson gaps between shards).
    package var shard: Int

    /// Whether the worker sends anything.
    package var isActive: Bool { devices > 0 && (rate != nil || sessions > 0) }

    /// Its schedule (nil in closed loop or with no devices).
    package func schedule() -> ArrivalSchedule? {
        guard let rate, devices > 0 else { return nil }
        return ArrivalSchedule(arrivals: arrivals, rate: rate, phase: phase, seed: seed,
            stream: UInt64(shard) << 32 | UInt64(worker))
    }

    /// The plans of `scenario`'s workers, for the devices each owns (`deviceCounts[w]`).
    package static func plans(for scenario: Scenario, deviceCounts: [Int]) -> [WorkerPlan] {
        let total = deviceCounts.reduce(0, +)
        let active = deviceCounts.filter { $0 > 0 }.count
        let sessions = scenario.concurrency ?? active
        var rank = 0
        return deviceCounts.enumerated().map { worker, devices in
            var plan = WorkerPlan(worker: worker, devices: devices, rate: nil, phase: 0, sessions: 0,
                arrivals: scenario.arrivals, seed: scenario.seed, shard: scenario.shardIndex)
            guard devices > 0 else { return plan }
            if let rate = scenario.loop.rate { plan.rate = rate * Double(devices) / Double(total) }
            plan.phase = Double(rank) / Double(active)
            plan.sessions = sessions / active + (rank < sessions % active ? 1 : 0)
            rank += 1
            return plan
        }
    }
}
