import AuthZCore
import AuthZSimulation
import Foundation
import Synchronization

/// A fixed team of worker threads that run one loop each per batch, started together.
///
/// The batch time is measured from the earliest worker start to the latest worker end, so thread
/// wake-up latency is not charged to the operation under test. When the process may run on at
/// least `count` CPUs, worker `i` pins itself to the `i`th of them (``CPUAffinity``), so the
/// workers run at once rather than taking turns on one CPU.
package final class ThreadTeam: Sendable {
    private let count: Int
    private let start: [DispatchSemaphore]
    private let done = DispatchSemaphore(value: 0)
    private let work = Locked<[MicroLoop?]>([])
    private let iterations = Atomic<Int>(0)
    private let timings: Locked<[(UInt64, UInt64)]>
    private let stopping = Atomic<Bool>(false)

    /// Starts `count` worker threads.
    package init(count: Int) {
        self.count = count
        self.start = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        self.timings = Locked(Array(repeating: (0, 0), count: count))
        let allowed = CPUAffinity.allowedCPUs()
        let pin = allowed.count >= count
        for index in 0..<count {
            let thread = Thread { [self] in
                if pin { CPUAffinity.pinCurrentThread(toAllowed: index, of: allowed) }
                self.workerLoop(index)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs `loops[i](iterations)` on worker `i` for every worker; returns the batch's wall time in ns.
    package func runBatch(_ loops: [MicroLoop], iterations: Int) -> UInt64 {
        precondition(loops.count == count)
        work.withLock { $0 = loops }
        self.iterations.store(iterations, ordering: .releasing)
        for semaphore in start { semaphore.signal() }
        for _ in 0..<count { done.wait() }
        return timings.withLock { spans in
            let first = spans.map(\.0).min() ?? 0
            let last = spans.map(\.1).max() ?? 0
            return last - first
        }
    }

    /// Stops the workers once their current batch is over.
    package func stop() {
        stopping.store(true, ordering: .releasing)
        for semaphore in start { semaphore.signal() }
    }

    private func workerLoop(_ index: Int) {
        while true {
            start[index].wait()
            if stopping.load(ordering: .acquiring) { return }
            let loop = work.withLock { $0[index] }
            let n = iterations.load(ordering: .acquiring)
            let begin = MonotonicClock.nanoseconds()
            loop?(n)
            let end = MonotonicClock.nanoseconds()
            timings.withLock { $0[index] = (begin, end) }
            done.signal()
        }
    }
}
