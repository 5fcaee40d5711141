import AuthZCore
import AuthZSimulation

extension LoadWorker {
    /// Starts minting a fresh media token to replay (simulation bookkeeping: neither measured nor
    /// counted), for the kit's first device and the resource of the set-up's candidate. Never
    /// waits: answered inline (the usual case, the kit device is authorized), the token is verified
    /// once at once; parked, the worker goes on presenting the current candidate (still within its
    /// lifetime) until the completion brings the new one.
    mutating func refreshReplayCandidate(now: Int64) {
        guard let entry = kit.valid.first else { return }
        let directory = context.directory
        let resource = replayCandidate?.resource ?? 0
        let request = AuthorizationRequest(deviceID: entry.deviceID, authNToken: entry.token,
            requestorID: directory.requestorIDs[entry.requestor], resourceID: directory.resourceIDs[resource])
        var none = NoStageObserver()
        let ticket = table.nextTicket
        let completion = SlotCompletion<Clock, AuthorizationOutcome>(inbox: inbox, ticket: ticket)
        if let outcome = context.target.getAuthorization(request, now: now, observer: &none, completion: completion) {
            replayMinted(outcome.mediaToken, resource: resource)
            return
        }
        let operation = Operation(kind: .get, device: 0, resource: Int32(resource), attack: nil)
        table.park(PendingTable.Slot(
            request: SentRequest(intended: 0, send: 0, operation: operation, measured: false), parkedAt: 0,
            isGet: true, isBookkeeping: true))
        context.gauge.park()
        ledger.parked += 1
        refreshingReplay = true
    }

    /// A fresh media token for the replay attack arrived: verified once, it becomes the candidate
    /// (a second presentation is a replay).
    mutating func replayMinted(_ token: [UInt8]?, resource: Int) {
        refreshingReplay = false
        guard let token else { return }
        let now = context.clock.nowMillis()
        if let candidate = Self.verifiedOnce(token, resource: resource, now: now, context: context) {
            replayCandidate = candidate
        }
    }

    /// `token` verified once by the media server: a replay candidate, or nil if it did not verify.
    static func verifiedOnce(_ token: [UInt8], resource: Int, now: Int64, context: WorkerContext<Target, Clock>)
        -> ReplayCandidate?
    {
        let code = token.withUnsafeBytes {
            context.mediaVerifier.verify($0, resource: context.directory.resourceIDs[resource], now: now)
        }
        return code == .validToken ? ReplayCandidate(token: token, resource: resource, verifiedAt: now) : nil
    }

    /// Set-up (before the load, while the simulated upstream answers inline): a media token for the
    /// kit's first device, verified once, for the first of the first 64 resources it is granted.
    /// Blocks until each answer (set-up only: the load never waits for the upstream).
    package static func mintReplayCandidate(kit: AttackKit, context: WorkerContext<Target, Clock>) -> ReplayCandidate? {
        guard let entry = kit.valid.first else { return nil }
        let directory = context.directory
        let now = context.clock.nowMillis()
        for resource in 0..<min(64, directory.resourceIDs.count) {
            let request = AuthorizationRequest(deviceID: entry.deviceID, authNToken: entry.token,
                requestorID: directory.requestorIDs[entry.requestor], resourceID: directory.resourceIDs[resource])
            let waiting = WaitingCompletion<AuthorizationOutcome>()
            var none = NoStageObserver()
            let outcome = context.target.getAuthorization(request, now: now, observer: &none, completion: waiting)
                ?? waiting.wait()
            if let token = outcome.mediaToken,
                let candidate = verifiedOnce(token, resource: resource, now: now, context: context)
            {
                return candidate
            }
        }
        return nil
    }
}
