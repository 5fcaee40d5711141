import AuthZCore
import AuthZSimulation
import Foundation

/// One resident-set sample of a run.
package struct RSSSample: Codable, Sendable, Equatable {
    /// Seconds since the start of the run (the start of the warm-up; 0 = right after set-up).
    package var seconds: Double
    /// Resident set size (`VmRSS`), bytes.
    package var rssBytes: Int
}

/// Samples the process's resident set size on its own thread every `intervalNanos` while a run
/// lasts, so that a long run (a soak) shows whether memory plateaus.
///
/// Costs one read of `/proc/self/status` per interval, off the workers' threads; the samples are
/// kept behind an `NSLock` (`Locked`), never on a request's path.
package final class MemorySampler: Sendable {
    private let intervalNanos: UInt64
    private let stopSignal = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let samples = Locked<[RSSSample]>([])

    /// A sampler taking one sample every `intervalNanos` (at least 1 ms).
    package init(intervalNanos: UInt64) {
        self.intervalNanos = max(intervalNanos, 1_000_000)
    }

    /// Records a sample now, at `seconds` since the run's start.
    package func sample(seconds: Double) {
        let rss = ProcessMemory.residentBytes
        guard rss > 0 else { return }
        samples.withLock { $0.append(RSSSample(seconds: seconds, rssBytes: rss)) }
    }

    /// Records a sample at 0 s, then starts the sampling thread: one sample at every multiple of
    /// the interval after `startNanos` (monotonic), until `stop`.
    package func start(startNanos: UInt64) {
        sample(seconds: 0)
        let thread = Thread { [self] in
            var next = startNanos &+ intervalNanos
            while true {
                let now = MonotonicClock.nanoseconds()
                let wait = next > now ? next - now : 0
                if stopSignal.wait(timeout: .now() + .nanoseconds(Int(min(wait, UInt64(Int.max))))) == .success {
                    break
                }
                sample(seconds: Double(next &- startNanos) / 1e9)
                next &+= intervalNanos
            }
            stopped.signal()
        }
        thread.name = "authz-bench-rss-sampler"
        thread.stackSize = 1 << 18
        thread.start()
    }

    /// Stops the thread (after `start`), takes a final sample at `seconds`, and returns every sample.
    package func stop(seconds: Double) -> [RSSSample] {
        stopSignal.signal()
        stopped.wait()
        sample(seconds: seconds)
        return samples.withLock { $0 }
    }
}
