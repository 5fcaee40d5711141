/// What one worker of a run drives: its share of the devices, of the open loop's arrivals and of
/// the closed loop's sessions.
///
/// The arrivals and the sessions are split in proportion to the devices each worker owns, so any
/// number of devices works with any number of workers: a worker with no devices has no schedule
/// and no session (it finishes at once), and the others keep the run's total.
///
/// The open loop's arrivals are numbered by the rate profile (`RateProfile`), and a worker takes a
/// lane of them (`ArrivalSchedule`). With `--total-rate` the profile is the whole population's and
/// shard `s` of `N` takes every arrival `j` with `j % N == s` (an equal share, `R / N`, whatever
/// its devices); within a process the active workers split its arrivals by devices, exactly: the
/// devices are dealt to the workers in turn (`Population`), and so are the arrivals. Of every `T`
/// (the process's devices) the worker of rank `k` takes `k, k + a, k + 2a, ...`, one per device it
/// owns: with equal counts the lanes interleave (`s + N * k + N * a * i`), with unequal ones each
/// keeps its proportional rate and together they still send exactly the process's schedule. Counts
/// not dealt in turn (a caller's own) keep the proportional rate on a lane of their own, its first
/// arrival at `k / a` of its own period.
package struct WorkerPlan: Sendable, Equatable {
    /// The worker's index.
    package var worker: Int
    /// Devices it owns.
    package var devices: Int
    /// Open loop: its mean requests per second, its share of the process's target rate (nil in
    /// closed loop, or with no devices).
    package var rate: Double?
    /// Open loop: the target rate of all the lanes its lane is one of (nil in closed loop).
    package var profile: RateProfile?
    /// Open loop: its lane of the profile's arrivals, `laneOffset + stride * m + period * n` for
    /// `m` below `run` (`ArrivalSchedule`).
    package var laneOffset: Double
    package var stride: Double
    package var run = 1
    package var period: Double = 1
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
        guard rate != nil, let profile, devices > 0 else { return nil }
        return ArrivalSchedule(
            arrivals: arrivals,
            profile: profile,
            laneOffset: laneOffset,
            stride: stride,
            run: run,
            period: period,
            seed: seed,
            stream: UInt64(shard) << 32 | UInt64(worker)
        )
    }

    /// The plans of `scenario`'s workers, for the devices each owns (`deviceCounts[w]`).
    package static func plans(for scenario: Scenario, deviceCounts: [Int]) -> [WorkerPlan] {
        let total = deviceCounts.reduce(0, +)
        let active = deviceCounts.filter { $0 > 0 }.count
        let sessions = scenario.concurrency ?? active
        let profile = scenario.rateProfile
        let lanes = scenario.laneShards
        // Dealt in turn: rank k of the a active workers owns ceil((total - k) / a) devices.
        let dealt = deviceCounts.filter { $0 > 0 }.enumerated().allSatisfy { rank, count in
            count == (total - rank + active - 1) / active
        }
        var rank = 0
        return deviceCounts.enumerated().map { worker, devices in
            var plan = WorkerPlan(
                worker: worker,
                devices: devices,
                rate: nil,
                profile: nil,
                laneOffset: 0,
                stride: 1,
                sessions: 0,
                arrivals: scenario.arrivals,
                seed: scenario.seed,
                shard: scenario.shardIndex
            )
            guard devices > 0 else { return plan }
            if let rate = scenario.loop.rate, let profile {
                plan.rate = rate * Double(devices) / Double(total)
                plan.profile = profile
                if dealt {
                    // Of every `total` arrivals (times N), the worker takes one per device it owns,
                    // `a` apart from its rank on: whole figures, so the lanes partition the arrivals.
                    plan.laneOffset = Double(lanes.index + lanes.count * rank)
                    plan.stride = Double(lanes.count * active)
                    plan.run = devices
                    plan.period = Double(lanes.count * total)
                } else {
                    // In arrivals of the profile, the worker's period is N * total / devices and its
                    // first arrival k / a of a period in: integer products, divided once.
                    plan.stride = Double(lanes.count * total) / Double(devices)
                    plan.period = plan.stride
                    plan.laneOffset =
                        Double(lanes.index) + Double(lanes.count * rank * total) / Double(active * devices)
                }
            }
            plan.sessions = sessions / active + (rank < sessions % active ? 1 : 0)
            rank += 1
            return plan
        }
    }
}
