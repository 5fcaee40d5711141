import AuthZCore
import AuthZSimulation

extension LoadWorker {
    /// Simulation bookkeeping after a call answered inline (untimed): keeps minted media tokens
    /// for verification, the last verified one for the replay attack, and re-authenticates a
    /// device after a logout or when its token was found expired.
    package mutating func bookkeep(_ operation: Operation, _ call: PreparedCall, _ outcome: RequestOutcome, now: Int64)
    {
        if operation.kind == .attack { return }
        let slot = Int(operation.device)
        switch call {
        case .get:
            bookkeepAuthorization(operation, outcome, now: now)
        case .check:
            // A check mints nothing: only an expired token leaves work (the device re-authenticates).
            if outcome.code == .tokenExpired { bookkeepAuthorization(operation, outcome, now: now) }
        case .verify(let token, let resource):
            if outcome.code == .validToken {
                replayCandidate = ReplayCandidate(token: token, resource: resource, verifiedAt: now)
            }
        case .logout:
            devices[slot].store.logout()
            try? context.authenticator.authenticate(&devices[slot], now: now)
        }
    }

    /// The bookkeeping of an authorization, answered inline or completed after parking: a minted
    /// media token is kept for a later `verify`; an expired authentication token is renewed.
    package mutating func bookkeepAuthorization(_ operation: Operation, _ outcome: RequestOutcome, now: Int64) {
        if operation.kind == .attack { return }
        if let mediaToken = outcome.mediaToken {
            pending.push(MediaTokenRing.Entry(token: mediaToken, resource: Int(operation.resource), mintedAt: now))
        } else if outcome.code == .tokenExpired {
            try? context.authenticator.authenticate(&devices[Int(operation.device)], now: now)
        }
    }

    /// Starts minting a fresh media token to replay (simulation bookkeeping: neither measured nor
    /// counted), for the kit's first device and the resource of the set-up's candidate. Never
    /// waits: answered inline (the usual case, the kit device is authorized), the token is verified
    /// once at once; parked, the worker goes on presenting the current candidate (still within its
    /// lifetime) until the completion brings the new one.
    mutating func refreshReplayCandidate(now: Int64) {
        guard let entry = kit.valid.first else { return }
        let directory = context.directory
        let resource = replayCandidate?.resource ?? 0
        let request = AuthorizationRequest(
            deviceID: entry.deviceID,
            authNToken: entry.token,
            requestorID: directory.requestorIDs[entry.requestor],
            resourceID: directory.resourceIDs[resource]
        )
        var none = NoStageObserver()
        let ticket = table.nextTicket
        let completion = SlotCompletion<Clock, AuthorizationOutcome>(inbox: inbox, ticket: ticket)
        if let outcome = context.target.getAuthorization(request, now: now, observer: &none, completion: completion) {
            replayMinted(RequestOutcome(outcome).mediaToken, resource: resource)
            return
        }
        let operation = Operation(kind: .get, device: 0, resource: Int32(resource), attack: nil)
        table.park(
            PendingTable.Slot(
                request: SentRequest(intended: 0, send: 0, operation: operation, measured: false),
                parkedAt: 0,
                isGet: true,
                isBookkeeping: true
            )
        )
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
    static func verifiedOnce(
        _ token: [UInt8],
        resource: Int,
        now: Int64,
        context: WorkerContext<Target, Clock>
    )
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
            let request = AuthorizationRequest(
                deviceID: entry.deviceID,
                authNToken: entry.token,
                requestorID: directory.requestorIDs[entry.requestor],
                resourceID: directory.resourceIDs[resource]
            )
            let waiting = WaitingCompletion<AuthorizationOutcome>()
            var none = NoStageObserver()
            let outcome =
                context.target.getAuthorization(request, now: now, observer: &none, completion: waiting)
                ?? waiting.wait()
            if let token = RequestOutcome(outcome).mediaToken,
                let candidate = verifiedOnce(token, resource: resource, now: now, context: context)
            {
                return candidate
            }
        }
        return nil
    }

    /// Appends the measured request to the worker's trace (untimed; attacks are not recorded:
    /// they never reach the authorization cache).
    @inline(__always)
    package mutating func recordTrace(_ operation: Operation, _ call: PreparedCall, sentAt: UInt64) {
        guard operation.attack == nil else { return }
        let slot = Int(operation.device)
        let op: UInt8
        var resource = operation.resource
        switch call {
        case .get: op = 0
        case .check: op = 1
        case .verify(_, let verified):
            op = 2
            resource = Int32(truncatingIfNeeded: verified)
        case .logout:
            op = 3
            resource = -1
        }
        trace.append(
            TraceEntry(
                timeNanos: sentAt,
                device: devices[slot].globalIndex,
                resource: resource,
                requestor: devices[slot].requestor,
                op: op,
                worker: UInt16(truncatingIfNeeded: index)
            )
        )
    }
}
