import Dispatch
import Synchronization
import HDRHistogram
import AuthZSimulation

/// What the workers of one run share: the start barrier and time, the progress figures they
/// publish once per interval, and their results. Everything mutable is behind a lock or atomic.
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

    /// Control for `workers` workers.
    package init(workers: Int) {
        self.workers = workers
        results = Locked(Array(repeating: nil, count: workers))
        for _ in 0..<workers { finished.enter() }
    }

    /// Called by each worker when set up: blocks until the run starts, returns t0 (monotonic ns).
    package func arriveAndWaitForStart() -> UInt64 {
        ready.signal()
        go.wait()
        return startNanos.load(ordering: .acquiring)
    }

    /// Called by the coordinator: waits for every worker, calls `beforeStart` with
    /// `t0 = now + lead` (on `clock`), then starts them all at t0 and returns it.
    package func startWhenReady<Clock: WorkerClock>(
        clock: Clock, leadNanos: UInt64 = 20_000_000, beforeStart: (UInt64) -> Void = { _ in }
    ) -> UInt64 {
        for _ in 0..<workers { ready.wait() }
        let t0 = clock.nanoseconds() + leadNanos
        beforeStart(t0)
        startNanos.store(t0, ordering: .releasing)
        for _ in 0..<workers { go.signal() }
        return t0
    }

    /// A worker publishes a completed measured interval.
    package func publish(_ interval: LatencyRecorder.Set) {
        progress.withLock { progress in
            progress.response.add(interval.response)
            progress.requests += interval.requests
        }
    }

    /// A worker hands in its result.
    package func finish(worker: Int, _ result: WorkerResult) {
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
    /// Latency histograms.
    package var latency: LatencyRecorder
    /// Stage histograms (measured phase, sampled).
    package var stages: StageHistograms
    /// Measured-phase result codes by `ResultCode.harnessIndex`.
    package var codes: [Int]
    /// Measured-phase attacks by expected code's `harnessIndex`.
    package var attacksExpected: [Int]
    /// Attacks answered with another code than expected.
    package var attacksUnexpected: Int
    /// Measured-phase requests.
    package var requests: Int
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
