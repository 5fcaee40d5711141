import AuthZCore
import AuthZSimulation

/// The engine the micro rows measure: sharded caches for both steps, a backend without latency.
package typealias MicroEngine = AuthorizationEngine<
    ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>, SimulatedBackend
>

extension MicroSuite {
    package static let engineNow: Int64 = 1_800_000_000_000

    /// An engine signing media tokens with `mediaAlgorithm`, and `devices` warmed requests
    /// (every cache hits on the next call); the deployment it was built from.
    ///
    /// Configured as `run` configures its engine: the allowed lists of a `WorkloadDirectory`
    /// (several requestors, each trusting most MVPDs), devices spread over the requestors and
    /// their trusted MVPDs, so a warm check pays every lookup a run's request pays.
    package static func warmEngine(
        mediaAlgorithm: SignatureAlgorithm = .es256,
        devices: Int = 1_000
    ) throws
        -> (engine: MicroEngine, requests: [AuthorizationRequest], deployment: SimulatedDeployment)
    {
        let mediaKey =
            mediaAlgorithm == .hs256
            ? SigningKey(hmacSecret: (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 7) })
            : try SigningKey.generate(mediaAlgorithm)
        let directory = WorkloadDirectory(requestors: 4, mvpds: 6, resources: 50)
        var configuration = EngineConfiguration()
        configuration.allowedMVPDs = directory.engineAllowList
        let deployment = SimulatedDeployment(
            keys: try DeploymentKeys(
                generating: .es256,
                media: mediaKey,
                bindingSecret: Array("device-binding-secret".utf8)
            ),
            configuration: configuration
        )
        let engine: MicroEngine = deployment.makeEngine(
            tokenCache: ShardedCache(capacity: 4 * devices),
            authzCache: ShardedCache(capacity: 4 * devices)
        )
        var requests: [AuthorizationRequest] = []
        for n in 0..<devices {
            let device = DeviceInfo(advertisingID: "ad-\(n)", vendorID: "vendor-\(n)", model: "TV", teamID: "team")
                .deviceID
            let requestor = n % directory.requestorIDs.count
            let trusted = directory.allowedMVPDs[requestor]
            let token = try deployment.keys.authNToken(
                for: device,
                requestorID: directory.requestorIDs[requestor],
                msoID: directory.mvpdIDs[trusted[(n / directory.requestorIDs.count) % trusted.count]],
                guid: "4f1c0b2a-9d3e-4c61-8a57-\(String(100_000_000_000 + n))",
                expiresAt: engineNow + 86_400_000,
                domainName: "adobe.com"
            )
            let request = AuthorizationRequest(
                deviceID: device,
                authNToken: token.bytes,
                requestorID: directory.requestorIDs[requestor],
                resourceID: directory.resourceIDs[n % directory.resourceIDs.count]
            )
            precondition(
                engine.checkAuthorizationWaiting(request, now: engineNow) == .validToken,
                "warm-up check failed"
            )
            requests.append(request)
        }
        return (engine, requests, deployment)
    }

    /// Warm `checkAuthorization` (1 and 2 threads, and timed by an observer), warm `getAuthorization`
    /// per media algorithm beside the media signature alone, and `MediaTokenVerifier` per algorithm.
    package static func engineCases(where wanted: (String) -> Bool) throws -> [MicroCase] {
        var cases: [MicroCase] = []
        let checkNames = ["engine.check.warm.t1", "engine.check.warm.t2", "engine.check.warm.observed.t1"]
        if checkNames.map(wanted).contains(true) {
            let (engine, requests, _) = try warmEngine()
            cases += [1, 2].map { threads in
                MicroCase(
                    name: "engine.check.warm.t\(threads)",
                    threads: threads,
                    makeSubject: { checkLoop(engine, requests, NoStageObserver()) }
                )
            }
            cases.append(
                MicroCase(
                    name: "engine.check.warm.observed.t1",
                    makeSubject: { checkLoop(engine, requests, StageTotals()) },
                    referenceLabel: "the same without an observer",
                    makeReference: { checkLoop(engine, requests, NoStageObserver()) }
                )
            )
            cases = cases.filter { wanted($0.name) }
        }

        for algorithm in SignatureAlgorithm.allCases {
            let getName = "engine.get.warm.\(algorithm.rawValue).t1"
            let verifyName = "media.verify.\(algorithm.rawValue).t1"
            let wantGet = wanted(getName)
            let wantVerify = wanted(verifyName)
            guard wantGet || wantVerify else { continue }
            let (engine, requests, deployment) = try warmEngine(mediaAlgorithm: algorithm, devices: 200)
            if wantGet {
                cases.append(warmGetCase(name: getName, engine: engine, requests: requests, deployment: deployment))
            }
            if wantVerify {
                cases.append(
                    try mediaVerifyCase(
                        engine: engine,
                        requests: requests,
                        deployment: deployment,
                        algorithm: algorithm
                    )
                )
            }
        }
        return cases
    }

    /// A loop of warm checks over `requests`, timing stages into `observer`.
    package static func checkLoop<Observer: StageObserver & Sendable>(
        _ engine: MicroEngine,
        _ shared: [AuthorizationRequest],
        _ observer: Observer
    ) -> MicroLoop {
        let requests = LentRequests(separateCopiesOf: shared, startingAt: Int.random(in: 0..<shared.count))
        return { n in
            var observer = observer
            var valid = 0
            requests.lendNext(n) { request in
                let code = engine.checkAuthorization(
                    request,
                    now: engineNow,
                    observer: &observer,
                    completion: WarmOnly<ResultCode>()
                )
                if code == .validToken {
                    valid += 1
                }
            }
            blackHole(observer)
            precondition(valid == n, "a warm check failed")
        }
    }

    /// `media.verify.<alg>.t1`: each iteration verifies a token never seen before (a pool of 512
    /// minted tokens; the replay guard is renewed when the pool wraps, once per 512 verifications).
    package static func mediaVerifyCase(
        engine: MicroEngine,
        requests: [AuthorizationRequest],
        deployment: SimulatedDeployment,
        algorithm: SignatureAlgorithm
    ) throws -> MicroCase {
        var pool: [(token: [UInt8], resource: String)] = []
        for index in 0..<512 {
            let request = requests[index % requests.count]
            guard case .mediaToken(let token) = engine.getAuthorizationWaiting(request, now: engineNow) else {
                throw BenchError.failure("could not mint media tokens for the benchmark")
            }
            pool.append((token, request.resourceID))
        }
        let tokens = pool
        return MicroCase(
            name: "media.verify.\(algorithm.rawValue).t1",
            makeSubject: {
                let cursor = LoopCursor()
                let verifier = MicroVerifierBox(deployment: deployment)
                return { n in
                    var index = cursor.position
                    for _ in 0..<n {
                        if index == 0 { verifier.renew() }
                        let entry = tokens[index]
                        let code = entry.token.withUnsafeBytes {
                            verifier.verifier.verify($0, resource: entry.resource, now: engineNow)
                        }
                        precondition(code == .validToken, "media verification failed: \(code)")
                        index += 1
                        if index == tokens.count { index = 0 }
                    }
                    cursor.position = index
                }
            }
        )
    }
}

/// One thread's media-token verifier, renewed (with an empty replay guard) when its pool wraps.
package final class MicroVerifierBox: @unchecked Sendable {
    private let deployment: SimulatedDeployment
    package private(set) var verifier: MediaTokenVerifier

    package init(deployment: SimulatedDeployment) {
        self.deployment = deployment
        self.verifier = deployment.makeMediaVerifier(replayCapacity: 1_024)
    }

    package func renew() {
        verifier = deployment.makeMediaVerifier(replayCapacity: 1_024)
    }
}

/// The completion of a request that must be answered inline (a warm hit): being parked means the
/// benchmark no longer measures what it names.
package struct WarmOnly<Outcome: Sendable>: AuthorizationCompletion {
    package init() {}

    package func complete(_ outcome: Outcome) {
        preconditionFailure("a warm request was parked on the upstream")
    }
}

/// A stage observer that sums the nanoseconds and counts of each stage (no histogram): the cheapest
/// enabled observer, used to show what timing the stages costs.
package struct StageTotals: StageObserver, Sendable {
    package static var isEnabled: Bool { true }
    /// Total nanoseconds per stage, indexed by `Stage.rawValue`.
    package var nanoseconds = [UInt64](repeating: 0, count: Stage.allCases.count)
    /// Records per stage.
    package var counts = [Int](repeating: 0, count: Stage.allCases.count)

    package mutating func record(_ stage: Stage, nanoseconds duration: UInt64) {
        nanoseconds[stage.rawValue] &+= duration
        counts[stage.rawValue] &+= 1
    }
}
