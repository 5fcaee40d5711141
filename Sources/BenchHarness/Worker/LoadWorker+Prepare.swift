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
    ///
    /// Reads the three fields it needs where the device lies: a copy of the whole device (its
    /// token store too) cost about 250 instructions per request (callgrind, closed loop).
    package func request(device slot: Int, resource: Int) -> AuthorizationRequest {
        devices.withUnsafeBufferPointer { devices in
            precondition(slot >= 0 && slot < devices.count, "no device \(slot)")
            return AuthorizationRequest(
                deviceID: devices[slot].deviceID,
                authNToken: devices[slot].authNToken,
                requestorID: context.directory.requestorIDs[Int(devices[slot].requestor)],
                resourceID: context.directory.resourceIDs[resource]
            )
        }
    }

    /// The request of an attack, from the worker's kit.
    package mutating func prepareAttack(_ attack: AttackKind, resource: Int, now: Int64) -> PreparedCall {
        attackVariant &+= 1
        let n = attackVariant
        let size = kit.valid.count
        let directory = context.directory
        let resourceID = directory.resourceIDs[resource]
        func attackRequest(_ entry: AttackKit.Entry, token: [UInt8], deviceID: DeviceID) -> AuthorizationRequest {
            AuthorizationRequest(
                deviceID: deviceID,
                authNToken: token,
                requestorID: directory.requestorIDs[entry.requestor],
                resourceID: resourceID
            )
        }
        switch attack {
        case .tamperedSignature:
            let entry = kit.valid[n % size]
            return .check(
                attackRequest(entry, token: AttackKit.tampered(entry, variant: n / size), deviceID: entry.deviceID)
            )
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
}

/// One request, built before its intended start so that only the engine call is timed.
package enum PreparedCall: Sendable {
    /// `checkAuthorization`.
    case check(AuthorizationRequest)
    /// `getAuthorization`.
    case get(AuthorizationRequest)
    /// `MediaTokenVerifier.verify` of a media token for the resource at this index.
    case verify(token: [UInt8], resource: Int)
    /// `logout` of these authentication tokens.
    case logout([[UInt8]])

    /// Whether the call is a `getAuthorization` (granted, it carries a media token).
    package var isGet: Bool {
        if case .get = self { return true }
        return false
    }
}
