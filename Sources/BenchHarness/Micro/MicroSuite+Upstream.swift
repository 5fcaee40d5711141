import AuthZCore
import AuthZSimulation
import Synchronization

/// The engine the miss-path rows measure: the upstream is scripted to answer inline, so a row
/// times the engine's own work around a call (parking, single-flight table, verifying and caching
/// the answer, completing the waiter), not a timer.
package typealias ParkingEngine = AuthorizationEngine<
    ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>, ScriptedBackend
>

extension MicroSuite {
    /// `engine.check.parked.t1`: a check whose token is cached but whose authorization is not:
    /// the request parks on a new upstream call, the backend answers at once with a pre-signed
    /// HS256 authZ token, and the engine verifies and caches it and completes the waiter. Each
    /// iteration then removes the authorization again, so the next one misses too. The reference
    /// is the warm check of the same requests (everything cached: each subject iteration removes
    /// its authorization first and leaves the new one cached).
    package static func upstreamCases(where wanted: (String) -> Bool) throws -> [MicroCase] {
        let name = "engine.check.parked.t1"
        guard wanted(name) else { return [] }
        let (engine, requests, keys) = try parkingEngine(devices: 256)
        return [
            MicroCase(
                name: name,
                makeSubject: { parkedLoop(engine, requests, keys) },
                referenceLabel: "the same checks, warm",
                makeReference: {
                    let cursor = LoopCursor()
                    return { n in
                        var index = cursor.position
                        for _ in 0..<n {
                            let code = engine.checkAuthorization(
                                requests[index],
                                now: engineNow,
                                completion: WarmOnly<ResultCode>()
                            )
                            blackHole(code)
                            index += 1
                            if index == requests.count { index = 0 }
                        }
                        cursor.position = index
                    }
                }
            )
        ]
    }

    /// A loop of parked checks: each removes its authorization, then checks (parks, and completes
    /// inline through the scripted backend).
    package static func parkedLoop(
        _ engine: ParkingEngine,
        _ requests: [AuthorizationRequest],
        _ keys: [AuthorizationKey]
    )
        -> MicroLoop
    {
        let cursor = LoopCursor()
        let completed = CompletionCounter()
        return { n in
            let before = completed.count
            var index = cursor.position
            for _ in 0..<n {
                engine.authzCache.removeValue(forKey: keys[index])
                let code = engine.checkAuthorization(requests[index], now: engineNow, completion: completed)
                precondition(code == nil, "a parked check was answered inline")
                index += 1
                if index == requests.count { index = 0 }
            }
            cursor.position = index
            precondition(completed.count - before == n, "a parked check did not complete")
        }
    }

    /// An engine with HS256 keys whose scripted upstream answers inline with pre-signed authZ
    /// tokens; `devices` requests (warm: tokens and authorizations cached) and their authorization keys.
    package static func parkingEngine(
        devices: Int
    ) throws
        -> (engine: ParkingEngine, requests: [AuthorizationRequest], keys: [AuthorizationKey])
    {
        let keys = try DeploymentKeys(generating: .hs256, bindingSecret: Array("device-binding-secret".utf8))
        let deployment = SimulatedDeployment(keys: keys)
        let upstream = SimulatedBackend(issuer: TokenIssuer(key: keys.authZ))
        var requests: [AuthorizationRequest] = []
        // By fingerprint: each device asks for one resource, and a lookup must not allocate.
        var authZTokens: [String: [UInt8]] = [:]
        var authorizationKeys: [AuthorizationKey] = []
        for n in 0..<devices {
            let device = DeviceInfo(advertisingID: "ad-\(n)", vendorID: "vendor-\(n)", model: "TV", teamID: "team")
                .deviceID
            let guid = "4f1c0b2a-9d3e-4c61-8a57-\(String(100_000_000_000 + n))"
            let token = try keys.authNToken(
                for: device,
                requestorID: "NBCUniversal",
                msoID: "Comcast_SSO",
                guid: guid,
                expiresAt: engineNow + 86_400_000,
                domainName: "adobe.com"
            )
            let request = AuthorizationRequest(
                deviceID: device,
                authNToken: token.bytes,
                requestorID: "NBCUniversal",
                resourceID: "resource-\(n % 50)"
            )
            let fingerprint = keys.binding.fingerprint(for: device).hexString
            guard
                case .permit(let authZ) = upstream.decide(
                    BackendRequest(
                        requestorID: request.requestorID,
                        resourceID: request.resourceID,
                        msoID: "Comcast_SSO",
                        fingerprint: fingerprint
                    ),
                    now: engineNow
                )
            else { throw BenchError.failure("could not sign authZ tokens for the benchmark") }
            authZTokens[fingerprint] = authZ
            requests.append(request)
            authorizationKeys.append(
                AuthorizationKey(
                    authNGUID: guid,
                    requestorID: request.requestorID,
                    resourceID: request.resourceID
                )
            )
        }
        let answers = authZTokens
        let backend = ScriptedBackend { request, _ in
            answers[request.fingerprint].map { .permit(authZToken: $0) } ?? .deny
        }
        let engine = deployment.makeEngine(
            tokenCache: ShardedCache(capacity: 4 * devices),
            authzCache: ShardedCache(capacity: 4 * devices),
            backend: backend
        )
        for request in requests {
            guard engine.checkAuthorizationWaiting(request, now: engineNow) == .validToken else {
                throw BenchError.failure("the miss-path benchmark's set-up check failed")
            }
        }
        return (engine, requests, authorizationKeys)
    }
}

/// Counts completions of parked requests: one reference, so the completion is stored without
/// an allocation.
package struct CompletionCounter: AuthorizationCompletion {
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    private let storage = Count()

    package init() {}

    /// Completions so far.
    package var count: Int { storage.value.load(ordering: .relaxed) }

    package func complete(_ outcome: ResultCode) {
        precondition(outcome == .validToken, "a parked check failed: \(outcome)")
        storage.value.add(1, ordering: .relaxed)
    }
}
