import AuthZCore

extension LoadWorker {
    /// Runs the worker: waits for the run's start, sends its schedule (open loop) or keeps its
    /// sessions busy (closed loop) to the end of the measured phase, then waits for its parked
    /// requests; returns what it measured.
    package mutating func run() -> WorkerResult {
        let timing = context.timing
        // A local, not a stored property: passing a property of `self` inout to a method of `self`
        // would make the call copy `self` (and its histograms) on every request. Made before the
        // start, so that what the load adds to the resident set is the load's own.
        var stages = StageHistograms()
        let t0 = context.control.arriveAndWaitForStart()
        measuredStart = t0 &+ timing.warmupNanos
        let end = measuredStart &+ timing.durationNanos
        lastInterval = max(0, Int((timing.durationNanos + 999_999_999) / 1_000_000_000) - 1)
        if var stream, plan.isActive {
            if let schedule = plan.schedule() {
                runOpenLoop(t0: t0, end: end, schedule: schedule, stream: &stream, stages: &stages)
            } else {
                runClosedLoop(t0: t0, end: end, sessions: plan.sessions, stream: &stream, stages: &stages)
            }
            awaitParked()
        }
        // The last interval is complete too: handed over, so the run can finalise it.
        context.control.handOver(
            worker: index,
            index: recorder.currentIndex,
            recorder.currentIndex >= 0 ? recorder.current : nil,
            next: Int.max
        )
        return WorkerResult(
            latency: recorder,
            stages: stages,
            tally: tally,
            lastSendNanos: lastSend,
            stalls: stalls,
            maxInFlight: maxInFlight,
            ledger: ledger,
            trace: trace.take()
        )
    }

    /// Open loop: request `i` is due at `t0 + schedule(i)` however slow the answers; the pacer waits
    /// for it (sleeping while far, spinning the last stretch), completions are taken between sends.
    mutating func runOpenLoop(
        t0: UInt64,
        end: UInt64,
        schedule: ArrivalSchedule,
        stream: inout OperationStream,
        stages: inout StageHistograms
    ) {
        let timing = context.timing
        let clock = context.clock.forWorkerThread()
        let hardStop = end &+ timing.graceNanos
        let stop = context.control.stop
        var schedule = schedule
        var nextStall = timing.stallNanos > 0 ? t0 &+ timing.stallPeriodNanos : UInt64.max
        var sequence: UInt64 = 0
        while true {
            if inbox.mayHaveEntries { _ = drainInbox() }
            var operation = stream.next()
            let call = prepare(operation, now: clock.nowMillis())
            // A verify with no minted token to present sends a get: it is counted as one.
            if operation.kind == .verify, call.isGet { operation.kind = .get }
            let intended = t0 &+ schedule.next()
            if intended >= end { break }
            clock.wait(until: intended)
            // Timed section: from here to `done`.
            let send = clock.nanoseconds()
            if send >= hardStop || stop.isRequested { break }
            _ = self.send(
                call,
                operation,
                intended: intended,
                at: send,
                now: clock.nowMillis(),
                measured: intended >= measuredStart,
                sequence: &sequence,
                nextStall: &nextStall,
                stages: &stages
            )
        }
    }

    /// Closed loop: `sessions` sessions, each sending its next request as soon as its last one
    /// completed (its intended start is its send: no start lag). While a session's request is
    /// parked the worker serves its other sessions; with all of them parked it waits for a
    /// completion.
    mutating func runClosedLoop(
        t0: UInt64,
        end: UInt64,
        sessions: Int,
        stream: inout OperationStream,
        stages: inout StageHistograms
    ) {
        let timing = context.timing
        let clock = context.clock.forWorkerThread()
        let stop = context.control.stop
        var idle = sessions
        var nextStall = timing.stallNanos > 0 ? t0 &+ timing.stallPeriodNanos : UInt64.max
        var sequence: UInt64 = 0
        clock.wait(until: t0)
        while true {
            if inbox.mayHaveEntries { idle += drainInbox() }
            if idle == 0 {
                if clock.nanoseconds() >= end || stop.isRequested { break }
                _ = inbox.waitForEntries(until: clock.deadline(at: end))
                continue
            }
            var operation = stream.next()
            // One wall-clock read for the preparation and the engine: the request leaves at once
            // (the coarse clock reads the same millisecond; a second read cost about 20
            // instructions per request, callgrind).
            let now = clock.nowMillis()
            let call = prepare(operation, now: now)
            // A verify with no minted token to present sends a get: it is counted as one.
            if operation.kind == .verify, call.isGet { operation.kind = .get }
            let send = clock.nanoseconds()
            if send >= end || stop.isRequested { break }
            idle -= 1
            let answered = self.send(
                call,
                operation,
                intended: send,
                at: send,
                now: now,
                measured: send >= measuredStart,
                sequence: &sequence,
                nextStall: &nextStall,
                stages: &stages
            )
            if answered { idle += 1 }
        }
    }

    /// The injected stall: the engine call about to be made blocks its worker for the stall's length.
    mutating func stall(measured: Bool, at send: UInt64, next: inout UInt64) {
        context.clock.sleep(nanoseconds: context.timing.stallNanos)
        while next <= send { next &+= context.timing.stallPeriodNanos }
        if measured { stalls += 1 }
    }

    /// Samples the requests in flight at a measured send: every request parked on the upstream in
    /// the whole run (``InFlightGauge``), plus the one being sent. Requests being answered inline
    /// by other workers at that instant are not counted (at most one per worker, and counting them
    /// would cost every hit a shared write).
    @inline(__always)
    mutating func sampleInFlight(at send: UInt64) {
        let inFlight = context.gauge.parked &+ 1
        if inFlight > maxInFlight { maxInFlight = inFlight }
        let interval = interval(at: send)
        if interval > recorder.currentIndex { moveToInterval(interval) }
        recorder.recordInFlight(inFlight)
    }

    /// The measured interval of monotonic time `time` (the last one for any time after it).
    @inline(__always)
    func interval(at time: UInt64) -> Int {
        time > measuredStart ? min(Int((time &- measuredStart) / 1_000_000_000), lastInterval) : 0
    }

    /// Hands the interval being recorded over to the run (merged with the other workers', written
    /// and summarised there) and starts recording `interval`: the recorder keeps one interval only.
    @inline(never)
    mutating func moveToInterval(_ interval: Int) {
        let completed = recorder.currentIndex
        context.control.handOver(
            worker: index,
            index: completed,
            completed >= 0 ? recorder.current : nil,
            next: interval
        )
        recorder.advance(to: interval)
    }
}
