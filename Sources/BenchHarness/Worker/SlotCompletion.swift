import AuthZCore

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
