import AuthZCore

extension LoadWorker {
    /// Records a completed request: `responseTime = done - intended` (coordinated-omission
    /// correct), `serviceTime = done - send`, `startLag = send - intended`, and for a parked
    /// request `upstreamWait = done - parkedAt`; a measured one also counts its code.
    @inline(__always)
    mutating func record(_ sent: SentRequest, parkedAt: UInt64?, done: UInt64, code: ResultCode) {
        let response = done &- sent.intended
        let service = done &- sent.send
        let startLag = sent.send &- sent.intended
        let upstreamWait = parkedAt.map { done > $0 ? done &- $0 : 0 }
        let operation = OperationLabel(sent.operation)
        if sent.measured {
            let interval = interval(at: done)
            if interval > recorder.currentIndex { moveToInterval(interval) }
            recorder.record(
                operation: operation,
                interval: interval,
                response: response,
                service: service,
                startLag: startLag,
                upstreamWait: upstreamWait
            )
            recorder.count(code: code.harnessIndex)
            tally.count(code, expected: sent.operation.attack?.expectedCode)
        } else {
            recorder.record(
                operation: operation,
                interval: nil,
                response: response,
                service: service,
                startLag: startLag,
                upstreamWait: upstreamWait
            )
        }
        if Log.isEnabled {
            log.append(
                LoggedRequest(
                    intended: sent.intended,
                    send: sent.send,
                    parkedAt: parkedAt,
                    done: done,
                    response: response,
                    service: service,
                    startLag: startLag,
                    upstreamWait: upstreamWait,
                    operation: sent.operation,
                    measured: sent.measured,
                    code: code
                )
            )
        }
    }

    /// Takes every completion waiting in the inbox, releases its pending slot and records the
    /// request (the ledger counts a completion that matches no parked request). Returns how many of the load's requests
    /// completed (the sessions freed, in closed loop).
    mutating func drainInbox() -> Int {
        inbox.take(into: &batch)
        var freed = 0
        for index in batch.indices {
            let entry = batch[index]
            guard let slot = table.release(entry.ticket) else {
                ledger.stray += 1
                continue
            }
            ledger.completed += 1
            if slot.isBookkeeping {
                replayMinted(entry.outcome.mediaToken, resource: Int(slot.request.operation.resource))
                continue
            }
            record(slot.request, parkedAt: slot.parkedAt, done: entry.done, code: entry.outcome.code)
            bookkeepAuthorization(slot.request.operation, entry.outcome, now: context.clock.nowMillis())
            freed += 1
        }
        batch.removeAll(keepingCapacity: true)
        return freed
    }

    /// After the last send: waits (on the inbox, no polling) until every parked request completed,
    /// or until the drain time passed (the engine's upstream timeout ends every parked request
    /// well before); what is still parked then is counted in the ledger.
    mutating func awaitParked() {
        let clock = context.clock
        let deadline = clock.nanoseconds() &+ context.timing.drainNanos
        while table.count > 0 {
            if !inbox.mayHaveEntries {
                if clock.nanoseconds() >= deadline { break }
                if inbox.waitForEntries(until: clock.deadline(at: deadline)) == .timedOut { break }
            }
            _ = drainInbox()
        }
        // A completion for no parked request (a broken contract) may still be waiting.
        if inbox.mayHaveEntries { _ = drainInbox() }
        ledger.pendingAtStop = table.count
    }
}
