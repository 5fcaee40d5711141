import AuthZCore

extension LoadWorker {
    /// The send step of both loops, the request leaving at `send` with the wall clock reading
    /// `now` (what the engine is told): the injected stall when one is due, the in-flight sample of
    /// a measured request, then the engine call, with the hot-path stages timed for one measured
    /// request in `stageSample`. Returns whether it was answered inline.
    @inline(__always)
    mutating func send(
        _ call: PreparedCall,
        _ operation: Operation,
        intended: UInt64,
        at send: UInt64,
        now: Int64,
        measured: Bool,
        sequence: inout UInt64,
        nextStall: inout UInt64,
        stages: inout StageHistograms
    ) -> Bool {
        if send >= nextStall { stall(measured: measured, at: send, next: &nextStall) }
        if measured { sampleInFlight(at: send) }
        let sent = SentRequest(intended: intended, send: send, operation: operation, measured: measured)
        let sample = context.timing.stageSample
        defer { sequence &+= 1 }
        if measured && sample > 0 && sequence % UInt64(sample) == 0 {
            return issue(call, sent, now: now, observer: &stages)
        }
        var none = NoStageObserver()
        return issue(call, sent, now: now, observer: &none)
    }

    /// Sends one prepared request: answered inline, it is recorded at once; parked, it takes the
    /// slot of the ticket its completion carries. Returns whether it was answered inline.
    @inline(__always)
    mutating func issue<Observer: StageObserver>(
        _ call: PreparedCall,
        _ sent: SentRequest,
        now: Int64,
        observer: inout Observer
    ) -> Bool {
        let ticket = table.nextTicket
        let answered = execute(call, now: now, ticket: ticket, observer: &observer)
        var done = context.clock.nanoseconds()
        if !context.timing.injectDelayNanos.isEmpty, answered != nil {
            // Calibration only: the answer costs the operation's delay more, spent on this thread as
            // the hot path would.
            let delay = context.timing.injectDelayNanos[Int(sent.operation.kind.rawValue)]
            if delay > 0 { done = context.clock.spin(until: done &+ delay) }
        }
        // Untimed from here: recording and simulation bookkeeping.
        if let answered {
            record(sent, parkedAt: nil, done: done, code: answered.code)
            bookkeep(sent.operation, call, answered, now: now)
        } else {
            table.park(PendingTable.Slot(request: sent, parkedAt: done, isGet: call.isGet, isBookkeeping: false))
            context.gauge.park()
            ledger.parked += 1
        }
        if sent.measured {
            if sent.send > lastSend { lastSend = sent.send }
            if trace.isEnabled { recordTrace(sent.operation, call, sentAt: sent.send &- measuredStart) }
        }
        return answered != nil
    }

    /// The timed engine call. Returns its outcome when answered inline; nil when the engine parked
    /// it (its completion, carrying `ticket`, lands in the worker's inbox).
    @inline(__always)
    package func execute<Observer: StageObserver>(
        _ call: PreparedCall,
        now: Int64,
        ticket: UInt64,
        observer: inout Observer
    ) -> RequestOutcome? {
        switch call {
        case .check(let request):
            let completion = SlotCompletion<Clock, ResultCode>(inbox: inbox, ticket: ticket)
            return context.target.checkAuthorization(request, now: now, observer: &observer, completion: completion)
                .map { RequestOutcome(code: $0) }
        case .get(let request):
            let completion = SlotCompletion<Clock, AuthorizationOutcome>(inbox: inbox, ticket: ticket)
            return context.target.getAuthorization(request, now: now, observer: &observer, completion: completion)
                .map { RequestOutcome($0) }
        case .verify(let token, let resource):
            let code = token.withUnsafeBytes {
                context.mediaVerifier.verify(
                    $0,
                    resource: context.directory.resourceIDs[resource],
                    now: now,
                    observer: &observer
                )
            }
            return RequestOutcome(code: code)
        case .logout(let tokens):
            let revoked = context.target.logout(authNTokens: tokens, now: now)
            return RequestOutcome(code: revoked > 0 ? .validToken : .notAuthenticated)
        }
    }
}

/// A request as the worker sent it.
package struct SentRequest: Sendable {
    /// Its intended start (open loop: its place in the schedule; closed loop: its send).
    package var intended: UInt64
    /// When it was handed to the engine.
    package var send: UInt64
    /// The operation.
    package var operation: Operation
    /// Whether it belongs to the measured phase (its intended start is at or after the warm-up).
    package var measured: Bool

    /// A request from its values.
    @inline(__always)
    package init(intended: UInt64, send: UInt64, operation: Operation, measured: Bool) {
        self.intended = intended
        self.send = send
        self.operation = operation
        self.measured = measured
    }
}
