import AuthZCore
import Dispatch

/// The clocks a load worker reads and waits on: the monotonic clock its schedule and every
/// latency are measured with, and the wall clock the engine checks token expiry against.
///
/// Generic, not an existential: the run specialises the worker for ``SystemWorkerClock`` (no
/// indirection on a request's path); tests drive the same worker with a manual clock, so that a
/// recorded latency can be checked against the exact times the test chose.
package protocol WorkerClock: Sendable {
    /// Monotonic nanoseconds (the schedule, `send`, `done`).
    func nanoseconds() -> UInt64
    /// Wall-clock epoch milliseconds (what the engine is told `now` is).
    func nowMillis() -> Int64
    /// Returns at or just after the monotonic instant `target` (at once if it is past).
    func wait(until target: UInt64)
    /// Spends `nanoseconds` (an injected stall).
    func sleep(nanoseconds: UInt64)
    /// Busy-waits until the monotonic instant `target` (`--inject-delay`); returns the time then.
    func spin(until target: UInt64) -> UInt64
    /// The Dispatch deadline of the monotonic instant `target`, for a blocking wait.
    func deadline(at target: UInt64) -> DispatchTime
    /// The clock a worker paces with on the calling thread (its own thread): this one, set up for
    /// the thread if the clock needs to.
    func forWorkerThread() -> Self
}

extension WorkerClock {
    /// This clock: it needs no set-up per thread.
    package func forWorkerThread() -> Self { self }

    /// Reads the clock until it reaches `target`.
    @inline(__always)
    package func spin(until target: UInt64) -> UInt64 {
        var now = nanoseconds()
        while now < target { now = nanoseconds() }
        return now
    }
}

/// The system's clocks: `CLOCK_MONOTONIC`, the coarse wall clock, and ``Pacer`` (sleep while far,
/// spin the last stretch; shorter sleeps on a worker's thread, whose timer slack is tightened), or
/// a spin over the whole wait with ``Scenario/Pacing/spin``.
package struct SystemWorkerClock: WorkerClock {
    /// Whether the pacing thread's timer slack is tight.
    private let tightSlack: Bool
    /// Whether a wait spins all of it rather than sleeping while the target is far.
    private let spins: Bool

    /// The system clocks, pacing for a thread with the default timer slack, as `pacing` says.
    package init(pacing: Scenario.Pacing = .sleep) {
        tightSlack = false
        spins = pacing == .spin
    }

    /// The system clocks, pacing for the calling thread after tightening its timer slack (the
    /// worker's own thread); a spinning clock needs no slack.
    package func forWorkerThread() -> SystemWorkerClock {
        !spins && Pacer.tightenTimerSlack() ? SystemWorkerClock(tightSlack: true, spins: false) : self
    }

    private init(tightSlack: Bool, spins: Bool) {
        self.tightSlack = tightSlack
        self.spins = spins
    }

    /// `CLOCK_MONOTONIC`.
    @inline(__always)
    package func nanoseconds() -> UInt64 { MonotonicClock.nanoseconds() }

    /// The coarse wall clock.
    @inline(__always)
    package func nowMillis() -> Int64 { CoarseClock().nowMillis() }

    /// ``Pacer/wait(until:tightSlack:)``, or a spin until `target` when the clock spins.
    @inline(__always)
    package func wait(until target: UInt64) {
        if spins {
            _ = spin(until: target)
        } else {
            Pacer.wait(until: target, tightSlack: tightSlack)
        }
    }

    /// `nanosleep`.
    package func sleep(nanoseconds: UInt64) { Pacer.sleep(nanoseconds: nanoseconds) }

    /// Now plus the time left until `target`.
    package func deadline(at target: UInt64) -> DispatchTime {
        let now = MonotonicClock.nanoseconds()
        return .now() + .nanoseconds(Int(min(target > now ? target - now : 0, UInt64(Int.max))))
    }
}
