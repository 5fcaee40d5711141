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
            if let entry = pending.pop(notBefore: now - mediaTTLMillis / 2) {
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
        return AuthorizationRequest(
            deviceID: device.deviceID, authNToken: device.authNToken,
            requestorID: directory.requestorIDs[Int(device.requestor)], resourceID: directory.resourceIDs[resource])
    }

    /// The request of an attack, from the worker's kit.
    package mutating func prepareAttack(_ attack: AttackKind, resource: Int, now: Int64) -> PreparedCall {
        attackVariant &+= 1
        let n = attackVariant
        let size = kit.valid.count
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
            if replayCandidate == nil || now - (replayCandidate?.verifiedAt ?? 0) > mediaTTLMillis / 2 {
                refreshReplayCandidate(now: now)
            }
            let candidate = replayCandidate ?? (token: [], resource: resource, verifiedAt: now)
            return .verify(token: candidate.token, resource: candidate.resource)
        }
    }

    /// Simulation bookkeeping (untimed, not counted): mints a media token with a kit device and
    /// verifies it once, so that presenting it again is a replay.
    package mutating func refreshReplayCandidate(now: Int64) {
        let entry = kit.valid[0]
        for resource in 0..<min(64, directory.resourceIDs.count) {
            let request = AuthorizationRequest(deviceID: entry.deviceID, authNToken: entry.token,
                requestorID: directory.requestorIDs[entry.requestor], resourceID: directory.resourceIDs[resource])
            guard case .mediaToken(let token) = engine.getAuthorizationWaiting(request, now: now) else { continue }
            let code = token.withUnsafeBytes {
                mediaVerifier.verify($0, resource: directory.resourceIDs[resource], now: now)
            }
            if code == .validToken {
                replayCandidate = (token, resource, now)
                return
            }
        }
    }

    /// The timed engine call.
    @inline(__always)
    package func execute<Observer: StageObserver>(_ call: PreparedCall, now: Int64, observer: inout Observer) -> CallOutcome {
        switch call {
        case .check(let request):
            let waiting = WaitingCompletion<ResultCode>()
            return CallOutcome(code: engine.checkAuthorization(request, now: now, observer: &observer, completion: waiting)
                ?? waiting.wait())
        case .get(let request):
            let waiting = WaitingCompletion<AuthorizationOutcome>()
            switch engine.getAuthorization(request, now: now, observer: &observer, completion: waiting) ?? waiting.wait() {
            case .mediaToken(let token): return CallOutcome(code: .validToken, mediaToken: token)
            case .rejected(let code): return CallOutcome(code: code)
            }
        case .verify(let token, let resource):
            let code = token.withUnsafeBytes {
                mediaVerifier.verify($0, resource: directory.resourceIDs[resource], now: now, observer: &observer)
            }
            return CallOutcome(code: code)
        case .logout(let tokens):
            let revoked = engine.logout(authNTokens: tokens, now: now)
            return CallOutcome(code: revoked > 0 ? .validToken : .notAuthenticated)
        }
    }

    /// Simulation bookkeeping after a call (untimed): keeps minted media tokens for verification,
    /// the last verified one for the replay attack, and re-authenticates a device after a logout
    /// or when its token was found expired.
    package mutating func finish(_ operation: Operation, _ call: PreparedCall, _ outcome: CallOutcome, now: Int64) {
        if operation.kind == .attack { return }
        let slot = Int(operation.device)
        switch call {
        case .get:
            if let token = outcome.mediaToken {
                pending.push(MediaTokenRing.Entry(token: token, resource: Int(operation.resource), mintedAt: now))
            } else if outcome.code == .tokenExpired {
                try? authenticator.authenticate(&devices[slot], now: now)
            }
        case .check:
            if outcome.code == .tokenExpired { try? authenticator.authenticate(&devices[slot], now: now) }
        case .verify(let token, let resource):
            if outcome.code == .validToken { replayCandidate = (token, resource, now) }
        case .logout:
            devices[slot].store.logout()
            try? authenticator.authenticate(&devices[slot], now: now)
        }
    }
}
