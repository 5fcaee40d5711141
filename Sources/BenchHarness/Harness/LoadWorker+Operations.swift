import AuthZCore
import AuthZSimulation

extension LoadWorker {
    /// Builds the request for `operation` (untimed): tokens, device IDs, attack material.
    package mutating func prepare(_ operation: Operation, now: Int64) -> PreparedCall {
        let slot = Int(operation.device)
        let resource = Int(operation.resource)
        switch operation.kind {
        case .get:
            return .get(request(device: slot, resource: resource))
        case .check:
            return .check(request(device: slot, resource: resource))
        case .verify:
            if let entry = pending.pop(notBefore: now - context.mediaTTLMillis / 2) {
                return .verify(token: entry.token, resource: entry.resource)
            }
            return .get(request(device: slot, resource: resource))
        case .logout:
            return .logout(devices[slot].store.allAuthNTokens.map(\.bytes))
        case .attack:
            return prepareAttack(operation.attack ?? .tamperedSignature, resource: resource, now: now)
        }
    }

    /// The request of device `slot` (its current token) for `resource`.
    package func request(device slot: Int, resource: Int) -> AuthorizationRequest {
        let device = devices[slot]
        let directory = context.directory
        return AuthorizationRequest(
            deviceID: device.deviceID, authNToken: device.authNToken,
            requestorID: directory.requestorIDs[Int(device.requestor)], resourceID: directory.resourceIDs[resource])
    }

    /// The request of an attack, from the worker's kit.
    package mutating func prepareAttack(_ attack: AttackKind, resource: Int, now: Int64) -> PreparedCall {
        attackVariant &+= 1
        let n = attackVariant
        let size = kit.valid.count
        let directory = context.directory
        let resourceID = directory.resourceIDs[resource]
        func attackRequest(_ entry: AttackKit.Entry, token: [UInt8], deviceID: DeviceID) -> AuthorizationRequest {
            AuthorizationRequest(deviceID: deviceID, authNToken: token,
                requestorID: directory.requestorIDs[entry.requestor], resourceID: resourceID)
        }
        switch attack {
        case .tamperedSignature:
            let entry = kit.valid[n % size]
            return .check(attackRequest(entry, token: AttackKit.tampered(entry, variant: n / size), deviceID: entry.deviceID))
        case .expiredToken:
            let entry = kit.expired[n % size]
            return .check(attackRequest(entry, token: entry.token, deviceID: entry.deviceID))
        case .wrongDevice:
            let entry = kit.valid[n % size]
            let other = kit.valid[(n + 1) % size]
            return .check(attackRequest(entry, token: entry.token, deviceID: other.deviceID))
        case .untrustedIssuer:
            let entry = kit.untrusted[n % size]
            return .check(attackRequest(entry, token: entry.token, deviceID: entry.deviceID))
        case .replayedMediaToken:
            let stale = replayCandidate.map { now - $0.verifiedAt > context.mediaTTLMillis / 2 } ?? true
            if stale && !refreshingReplay { refreshReplayCandidate(now: now) }
            let candidate = replayCandidate ?? ReplayCandidate(token: [], resource: resource, verifiedAt: now)
            return .verify(token: candidate.token, resource: candidate.resource)
        }
    }

    /// The timed engine call. Returns its outcome when answered inline; nil when the engine parked
    /// it (its completion, carrying `ticket`, lands in the worker's inbox).
    @inline(__always)
    package func execute<Observer: StageObserver>(_ call: PreparedCall, now: Int64, ticket: UInt64,
        observer: inout Observer) -> CallOutcome?
    {
        switch call {
        case .check(let request):
            let completion = SlotCompletion<Clock, ResultCode>(inbox: inbox, ticket: ticket)
            return context.target.checkAuthorization(request, now: now, observer: &observer, completion: completion)
                .map { CallOutcome(code: $0) }
        case .get(let request):
            let completion = SlotCompletion<Clock, AuthorizationOutcome>(inbox: inbox, ticket: ticket)
            switch context.target.getAuthorization(request, now: now, observer: &observer, completion: completion) {
            case .mediaToken(let token): return CallOutcome(code: .validToken, mediaToken: token)
            case .rejected(let code): return CallOutcome(code: code)
            case nil: return nil
            }
        case .verify(let token, let resource):
            let code = token.withUnsafeBytes {
                context.mediaVerifier.verify($0, resource: context.directory.resourceIDs[resource], now: now,
                    observer: &observer)
            }
            return CallOutcome(code: code)
        case .logout(let tokens):
            let revoked = context.target.logout(authNTokens: tokens, now: now)
            return CallOutcome(code: revoked > 0 ? .validToken : .notAuthenticated)
        }
    }

    /// Simulation bookkeeping after a call answered inline (untimed): keeps minted media tokens
    /// for verification, the last verified one for the replay attack, and re-authenticates a
    /// device after a logout or when its token was found expired.
    package mutating func finish(_ operation: Operation, _ call: PreparedCall, _ outcome: CallOutcome, now: Int64) {
        if operation.kind == .attack { return }
        let slot = Int(operation.device)
        switch call {
        case .get, .check:
            finishAuthorization(operation, code: outcome.code, mediaToken: outcome.mediaToken, now: now)
        case .verify(let token, let resource):
            if outcome.code == .validToken { replayCandidate = ReplayCandidate(token: token, resource: resource, verifiedAt: now) }
        case .logout:
            devices[slot].store.logout()
            try? context.authenticator.authenticate(&devices[slot], now: now)
        }
    }

    /// The bookkeeping of an authorization, answered inline or completed after parking: a minted
    /// media token is kept for a later `verify`; an expired authentication token is renewed.
    package mutating func finishAuthorization(_ operation: Operation, code: ResultCode, mediaToken: [UInt8]?, now: Int64) {
        if operation.kind == .attack { return }
        if let mediaToken {
            pending.push(MediaTokenRing.Entry(token: mediaToken, resource: Int(operation.resource), mintedAt: now))
        } else if code == .tokenExpired {
            try? context.authenticator.authenticate(&devices[Int(operation.device)], now: now)
        }
    }
}
