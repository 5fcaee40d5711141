import AuthZCore
import AuthZSimulation
import Dispatch
import HDRHistogram
import Synchronization

/// What the workers of one run share: the start barrier and time, the intervals they hand over
/// once per second (the progress figures and the ``IntervalCollector``), and their results.
/// Everything mutable is behind a lock or atomic.
package final class RunControl: Sendable {
    /// Progress published by the workers (once per completed interval each).
    package struct Progress: Sendable {
        /// Response times of the measured phase's completed intervals.
        package var response = HDRHistogram()
        /// Requests of those intervals.
        package var requests = 0
    }

    private let ready = DispatchSemaphore(value: 0)
    private let go = DispatchSemaphore(value: 0)
    private let startNanos = Atomic<UInt64>(0)
    /// Done when every worker has handed in its result.
    package let finished = DispatchGroup()
    /// Published progress.
    package let progress = Locked(Progress())
    private let results: Locked<[WorkerResult?]>
    private let workers: Int
    /// Merges, writes and summarises the intervals handed over.
    package let intervals: IntervalCollector
    /// Ends the load early when requested (a signal): the workers read it before every send.
    package let stop: StopRequest

    /// Control for `workers` workers; their intervals go to `intervals` (by default a collector
    /// that only keeps the totals and summaries); `stop` ends their load early.
    package init(workers: Int, intervals: IntervalCollector? = nil, stop: StopRequest = StopRequest()) {
        self.workers = workers
        self.stop = stop
        self.intervals = intervals ?? IntervalCollector(workers: workers, durationSeconds: .infinity)
        results = Locked(Array(repeating: nil, count: workers))
        for _ in 0..<workers { finished.enter() }
    }

    /// Called by each worker when set up: blocks until the run starts, returns t0 (monotonic ns).
    package func arriveAndWaitForStart() -> UInt64 {
        ready.signal()
        go.wait()
        return startNanos.load(ordering: .acquiring)
    }

    /// Called by the coordinator: waits for every worker, calls `beforeStart` with t0 (on
    /// `clock`): `at(now)` when given (a synchronised start: the target mapped to `clock`, see
    /// ``StartPlan``), else `now + lead`; then starts them all at t0 and returns it.
    package func startWhenReady<Clock: WorkerClock>(
        clock: Clock,
        leadNanos: UInt64 = 20_000_000,
        at target: ((UInt64) -> UInt64)? = nil,
        beforeStart: (UInt64) -> Void = { _ in }
    ) -> UInt64 {
        for _ in 0..<workers { ready.wait() }
        let now = clock.nanoseconds()
        let t0 = target?(now) ?? now + leadNanos
        beforeStart(t0)
        startNanos.store(t0, ordering: .releasing)
        for _ in 0..<workers { go.signal() }
        return t0
    }

    /// Worker `worker` hands over its completed measured interval `index` (nil when it recorded
    /// nothing there) and moves to interval `next` (`Int.max`: it finished): for the progress
    /// figures and the ``IntervalCollector``.
    package func handOver(worker: Int, index: Int, _ interval: LatencyRecorder.Histograms?, next: Int) {
        if let interval {
            progress.withLock { progress in
                for case let operation? in interval.operations {
                    progress.response.add(operation.inline)
                    progress.response.add(operation.parked)
                }
                progress.requests += interval.requests
            }
        }
        intervals.handOver(worker: worker, index: index, interval, next: next)
    }

    /// A worker hands in its result.
    package func handIn(worker: Int, _ result: WorkerResult) {
        results.withLock { $0[worker] = result }
        finished.leave()
    }

    /// Every worker's result (after `finished`).
    package func collect() -> [WorkerResult] {
        results.withLock { $0.compactMap { $0 } }
    }
}

/// What one worker measured.
package struct WorkerResult: Sendable {
    /// Latency histograms: the warm-up's (the measured intervals were handed over as they completed).
    package var latency: LatencyRecorder
    /// Stage histograms (measured phase, sampled).
    package var stages: StageHistograms
    /// Measured-phase requests by result code, failures and attacks.
    package var tally: RequestTally
    /// Latest send time of a measured request (monotonic ns), 0 if none.
    package var lastSendNanos: UInt64
    /// Injected stalls that hit a measured request.
    package var stalls: Int
    /// The most requests in flight at one of its measured sends.
    package var maxInFlight: Int
    /// Its exactly-once account of parked requests.
    package var ledger: CompletionLedger
    /// The measured requests' trace (empty unless recording).
    package var trace: [TraceEntry] = []
}
