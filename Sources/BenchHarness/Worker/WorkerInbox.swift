import AuthZCore
import AuthZSimulation
import Dispatch
import Synchronization

/// One parked request's completion, on its way back to its worker.
package struct InboxEntry: Sendable {
    /// The pending slot and its generation (``PendingTable/nextTicket``).
    package var ticket: UInt64
    /// When the engine completed the request (the worker's monotonic clock, read in the completion).
    package var done: UInt64
    /// What the request was answered.
    package var outcome: RequestOutcome
}

/// Where the completions of a worker's parked requests land: the engine calls them on the
/// upstream's threads; the worker takes them between sends and records them on its own thread
/// (histograms stay single-threaded).
///
/// Two buffers swap under a lock, so a steady stream of completions allocates nothing. A worker
/// with nothing left to send but parked requests waits on a semaphore the next completion
/// signals (no sleep loop). The lock is a pthread mutex (`Locked`), which ThreadSanitizer sees.
package final class WorkerInbox<Clock: WorkerClock>: Sendable {
    private struct State: Sendable {
        var entries: [InboxEntry] = []
        var waiting = false
    }

    /// The worker's clock: `done` is read from it in the completion.
    package let clock: Clock
    /// The run's count of parked requests (a completion takes its request off).
    package let gauge: InFlightGauge
    private let state = Locked(State())
    private let hasEntries = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    /// An empty inbox.
    package init(clock: Clock, gauge: InFlightGauge) {
        self.clock = clock
        self.gauge = gauge
    }

    /// Called by a completion, on any thread: stamps `done` and hands the outcome to the worker.
    package func deliver(ticket: UInt64, _ outcome: RequestOutcome) {
        let done = clock.nanoseconds()
        gauge.unpark()
        let entry = InboxEntry(ticket: ticket, done: done, outcome: outcome)
        let wakes = state.withLock { state in
            state.entries.append(entry)
            hasEntries.store(true, ordering: .relaxed)
            defer { state.waiting = false }
            return state.waiting
        }
        if wakes { wake.signal() }
    }

    /// Whether completions may be waiting (one relaxed load: cheap enough to ask before every send;
    /// a completion missed now is seen at the next ask).
    @inline(__always)
    package var mayHaveEntries: Bool { hasEntries.load(ordering: .relaxed) }

    /// Moves every waiting completion into `batch` (empty on entry; its capacity is reused).
    package func take(into batch: inout [InboxEntry]) {
        state.withLock { state in
            swap(&state.entries, &batch)
            hasEntries.store(false, ordering: .relaxed)
        }
    }

    /// How a wait for completions ended.
    package enum Wait: Sendable, Equatable {
        /// Completions are waiting.
        case entries
        /// Woken with nothing waiting (a signal left over from an earlier wait): ask again.
        case woken
        /// The deadline passed with nothing waiting.
        case timedOut
    }

    /// Blocks until a completion is waiting or `deadline` passes.
    package func waitForEntries(until deadline: DispatchTime) -> Wait {
        let empty = state.withLock { state in
            if state.entries.isEmpty { state.waiting = true }
            return state.entries.isEmpty
        }
        guard empty else { return .entries }
        let woken = wake.wait(timeout: deadline) == .success
        let waiting = state.withLock { state in
            state.waiting = false
            return !state.entries.isEmpty
        }
        return waiting ? .entries : woken ? .woken : .timedOut
    }
}

/// The completion a worker gives the engine with each request that may park: its inbox and the
/// request's ticket, two words, so the engine stores it without an allocation.
package struct SlotCompletion<Clock: WorkerClock, Answer: RequestAnswer>: AuthorizationCompletion {
    /// The worker's inbox.
    package let inbox: WorkerInbox<Clock>
    /// The pending slot the request will occupy if it parks.
    package let ticket: UInt64

    /// A completion for `ticket` into `inbox`.
    @inline(__always)
    package init(inbox: WorkerInbox<Clock>, ticket: UInt64) {
        self.inbox = inbox
        self.ticket = ticket
    }

    /// Hands the outcome to the worker.
    package func complete(_ answer: Answer) {
        inbox.deliver(ticket: ticket, answer.requestOutcome)
    }
}
