import AuthZCore
import AuthZSimulation
import Testing

/// The engine builder: keys, backend, engine, authN tokens and media verifier of one deployment.
@Suite("Simulated deployment: engines built from one deployment's keys and settings")
struct SimulatedDeploymentTests {
    typealias Engine = AuthorizationEngine<
        ShardedCache<TokenBytesKey, VerifiedAuthN>, ShardedCache<AuthorizationKey, CachedAuthorization>,
        SimulatedBackend
    >

    static let now: Int64 = 1_800_000_000_000
    static let device = DeviceInfo(advertisingID: "ad-1", vendorID: "vendor-1", model: "TV", teamID: "team").deviceID

    static func engine(_ deployment: SimulatedDeployment) -> Engine {
        deployment.makeEngine(tokenCache: ShardedCache(capacity: 64), authzCache: ShardedCache(capacity: 64))
    }

    static func request(_ deployment: SimulatedDeployment, guid: String = "guid-1") throws -> AuthorizationRequest {
        let token = try deployment.keys.authNToken(
            for: device,
            requestorID: "NBC",
            msoID: "Comcast",
            guid: guid,
            expiresAt: now + 86_400_000
        )
        return AuthorizationRequest(deviceID: device, authNToken: token.bytes, requestorID: "NBC", resourceID: "news")
    }

    @Test(arguments: SignatureAlgorithm.allCases)
    func anEngineAuthorizesTheTokensItsDeploymentIssuesAndNotAnotherDeploymentsTokens(
        algorithm: SignatureAlgorithm
    ) throws {
        let deployment = SimulatedDeployment(keys: try DeploymentKeys(generating: algorithm))
        let other = SimulatedDeployment(keys: try DeploymentKeys(generating: algorithm))
        for key in [deployment.keys.authN, deployment.keys.authZ, deployment.keys.media] {
            #expect(key.algorithm == algorithm)
        }
        let engine = Self.engine(deployment)
        #expect(engine.checkAuthorizationWaiting(try Self.request(deployment), now: Self.now) == .validToken)
        #expect(engine.checkAuthorizationWaiting(try Self.request(other), now: Self.now) == .invalidSignature)
        #expect(engine.backend.callCount == 1)
    }

    @Test func aTokenSignedByAnotherKeyIsAForgeryAndItsBodyIsWhatWasAskedFor() throws {
        let keys = try DeploymentKeys(generating: .ed25519, bindingSecret: Array("secret".utf8))
        let engine = Self.engine(SimulatedDeployment(keys: keys))
        let forged = try keys.authNToken(
            for: Self.device,
            requestorID: "NBC",
            msoID: "Comcast",
            guid: "guid-1",
            expiresAt: Self.now + 1_500,
            signer: SigningKey.generate(.ed25519)
        )
        let request = AuthorizationRequest(
            deviceID: Self.device,
            authNToken: forged.bytes,
            requestorID: "NBC",
            resourceID: "news"
        )
        #expect(engine.checkAuthorizationWaiting(request, now: Self.now) == .invalidSignature)
        guard case .authn(let body) = forged.body else {
            Issue.record("not an authN body: \(forged.body)")
            return
        }
        #expect(body.domainName == DeploymentKeys.authNDomain)
        #expect(body.expires.epochMillis == Self.now + 1_000)
        #expect(keys.binding.matches(fingerprintHex: body.fingerprint, deviceID: Self.device))
        #expect(try TokenParser.parse(forged.bytes).body == forged.body)
    }

    @Test func theBackendFollowsTheSettingsAndTheEngineTheConfiguration() throws {
        var configuration = EngineConfiguration()
        configuration.allowedMVPDs = ["NBC": ["Charter"]]
        let keys = try DeploymentKeys(generating: .hs256)
        let distrusting = SimulatedDeployment(keys: keys, configuration: configuration)
        #expect(
            Self.engine(distrusting).checkAuthorizationWaiting(try Self.request(distrusting), now: Self.now)
                == .untrustedIssuer
        )

        let denying = SimulatedDeployment(keys: keys, backend: SimulatedBackend.Settings(denyRatio: 1, seed: 7))
        let backend = denying.makeBackend()
        #expect(backend.settings.denyRatio == 1)
        #expect(backend.settings.authZTTLMillis == 3_600_000)
        #expect(backend.settings.latency == .none)
        #expect(
            Self.engine(denying).checkAuthorizationWaiting(try Self.request(denying), now: Self.now) == .notAuthorized
        )
    }

    @Test func theMediaVerifierAcceptsAMintedTokenOnceWithTheConfiguredSkew() throws {
        let deployment = SimulatedDeployment(keys: try DeploymentKeys(generating: .es256))
        let engine = Self.engine(deployment)
        guard case .mediaToken(let token) = engine.getAuthorizationWaiting(try Self.request(deployment), now: Self.now)
        else {
            Issue.record("no media token")
            return
        }
        let verifier = deployment.makeMediaVerifier(replayCapacity: 16, policy: .dropOldestGeneration)
        #expect(verifier.verifier.validity.skewMillis == deployment.configuration.skewMillis)
        #expect(token.withUnsafeBytes { verifier.verify($0, resource: "news", now: Self.now) } == .validToken)
        #expect(token.withUnsafeBytes { verifier.verify($0, resource: "news", now: Self.now) } == .tokenReplayed)
        let stranger = SimulatedDeployment(keys: try DeploymentKeys(generating: .es256))
            .makeMediaVerifier(replayCapacity: 16)
        #expect(token.withUnsafeBytes { stranger.verify($0, resource: "news", now: Self.now) } == .invalidSignature)
    }
}
