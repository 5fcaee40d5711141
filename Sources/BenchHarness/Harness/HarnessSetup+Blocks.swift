import AuthZCore
import Foundation

/// A run measured in blocks on demand (`authz-bench blocks`, the child `ab` drives): the set-up
/// and the warm-up happen once, then each block is a measured phase of the length asked for, on
/// the same engine, caches and population. A block's workers run pinned, worker `i` to the `i`th
/// CPU the process may use, so that the two sides of `ab` place their threads alike.
package struct BlockSession: Sendable {
    /// Called once, when the warm-up ended, with the seconds since the set-up began.
    package var ready: @Sendable (Double) throws -> Void
    /// The next block's length in seconds, waited for while nothing runs; nil ends the session.
    package var next: @Sendable () throws -> Double?
    /// Receives each block's result, as a run's (its measured phase is the block).
    package var report: @Sendable (RunResult) throws -> Void

    /// A session from its three steps.
    package init(
        ready: @escaping @Sendable (Double) throws -> Void,
        next: @escaping @Sendable () throws -> Double?,
        report: @escaping @Sendable (RunResult) throws -> Void
    ) {
        self.ready = ready
        self.next = next
        self.report = report
    }
}

extension HarnessSetup {
    /// The shortest block: the workers' whole-second progress and the interval pipeline need no
    /// more, and the driver asks for no less.
    static let shortestBlockMillis: Int64 = 50

    /// Warms up once (the scenario's warm-up as one unreported phase), says so, then runs one
    /// launch and collection per block asked for; returns the last result (the warm-up's if no
    /// block was asked for).
    func measureBlocks<TC, AC>(_ prepared: Prepared<TC, AC>, session: BlockSession, began: UInt64) throws -> RunResult {
        var last = phase(prepared, millis: max(scenario.warmupMillis, Self.shortestBlockMillis))
        try session.ready(Double(MonotonicClock.nanoseconds() - began) / 1e9)
        while let seconds = try session.next() {
            last = phase(prepared, millis: max(Int64((seconds * 1_000).rounded()), Self.shortestBlockMillis))
            try session.report(last)
        }
        return last
    }

    /// One measured phase of `millis`, no warm-up, on the prepared engine: the block's schedule
    /// starts afresh from the scenario's seed, so every block of both sides sends the same requests.
    private func phase<TC, AC>(_ prepared: Prepared<TC, AC>, millis: Int64) -> RunResult {
        var setup = self
        setup.scenario.warmupMillis = 0
        setup.scenario.durationMillis = millis
        return setup.collect(setup.launch(prepared, progress: nil), from: prepared)
    }
}
