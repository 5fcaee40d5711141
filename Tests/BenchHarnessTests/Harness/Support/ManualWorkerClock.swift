import BenchHarness
import Dispatch
import Synchronization

/// A worker clock that only moves when told to: the worker's pacing jumps it to each intended
/// start, the test sets it before it triggers a completion. It can hold the worker at a point of
/// its schedule (``pause(atOrAfter:)``) so the test acts while the worker's time stands still.
final class ManualWorkerClock: WorkerClock {
    private let now: Atomic<UInt64>
    private let epochBase: Int64
    private let pauseAt = Atomic<UInt64>(.max)
    /// Signalled when the worker reached the pause point (it then waits for ``resume()``).
    let paused = DispatchSemaphore(value: 0)
    private let resumed = DispatchSemaphore(value: 0)
    /// The real time a blocking wait may last (a wait for completions that never come ends).
    let realWaitNanos: UInt64

    /// A clock at `start` monotonic nanoseconds, whose wall clock reads `epochMillis` then.
    init(start: UInt64, epochMillis: Int64, realWaitNanos: UInt64 = 10_000_000_000) {
        now = Atomic(start)
        epochBase = epochMillis - Int64(start / 1_000_000)
        self.realWaitNanos = realWaitNanos
    }

    func nanoseconds() -> UInt64 { now.load(ordering: .acquiring) }

    func nowMillis() -> Int64 { epochBase + Int64(nanoseconds() / 1_000_000) }

    /// Jumps to `target` (never back), first holding at the pause point if `target` reaches it.
    func wait(until target: UInt64) {
        if target >= pauseAt.load(ordering: .acquiring) {
            pauseAt.store(.max, ordering: .releasing)
            paused.signal()
            resumed.wait()
        }
        set(target)
    }

    func sleep(nanoseconds: UInt64) { now.add(nanoseconds, ordering: .acquiringAndReleasing) }

    /// Jumps to `target`: a busy wait takes no time of the test's.
    func spin(until target: UInt64) -> UInt64 {
        set(target)
        return nanoseconds()
    }

    func deadline(at target: UInt64) -> DispatchTime { .now() + .nanoseconds(Int(realWaitNanos)) }

    /// Moves the clock to `value` if that is later.
    func set(_ value: UInt64) {
        var current = now.load(ordering: .acquiring)
        while current < value {
            let (exchanged, original) = now.compareExchange(
                expected: current,
                desired: value,
                ordering: .acquiringAndReleasing
            )
            if exchanged { return }
            current = original
        }
    }

    /// Holds the worker when it next waits for a target at or after `target`.
    func pause(atOrAfter target: UInt64) { pauseAt.store(target, ordering: .releasing) }

    /// Lets the held worker go on.
    func resume() { resumed.signal() }
}
