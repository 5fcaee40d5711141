import Dispatch

/// Starts a run's workers: one serial Dispatch queue per worker, each running its worker as one
/// long block (the worker paces itself; a parked request never holds its queue).
package enum WorkerTeam {
    /// Starts one worker per plan on its own queue. Each builds its state on its queue, waits at
    /// the start barrier of `context.control`, runs, calls `finished` with its index and its log,
    /// and hands its result to the control. With `pinned`, worker `i` runs pinned to the `i`th CPU
    /// the process may use (modulo their count): `ab`'s two children then place their workers
    /// alike, rather than as the scheduler happens to at each block.
    package static func launch<Target: LoadTarget, Clock: WorkerClock, Log: RequestLog>(
        context: WorkerContext<Target, Clock>,
        plans: [WorkerPlan],
        population: Population,
        replayCandidates: [ReplayCandidate?],
        mix: OperationMix,
        traces: [TraceBuffer],
        log: Log.Type,
        pinned: Bool = false,
        finished: @escaping @Sendable (Int, Log) -> Void = { _, _ in }
    ) {
        let allowed = pinned ? CPUAffinity.allowedCPUs() : []
        for plan in plans {
            let worker = plan.worker
            let devices = population.slices[worker]
            let favorites = population.favorites[worker]
            let kit = population.kits[worker]
            let candidate = replayCandidates[worker]
            let trace = traces[worker]
            let queue = DispatchQueue(label: "authz-bench-worker-\(worker)", qos: .userInteractive)
            queue.async {
                CPUAffinity.whilePinned(to: worker, of: allowed) {
                    var loadWorker = LoadWorker<Target, Clock, Log>(
                        context: context,
                        plan: plan,
                        devices: devices,
                        favorites: favorites,
                        kit: kit,
                        replayCandidate: candidate,
                        mix: mix,
                        trace: trace
                    )
                    let result = loadWorker.run()
                    finished(worker, loadWorker.log)
                    context.control.handIn(worker: worker, result)
                }
            }
        }
    }
}
