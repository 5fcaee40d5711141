import AuthZCore
import Testing

@Suite("Authorization engine: the hot path's checks, cached or not")
struct AuthorizationEngineTests {
    let now = ShardedFixture.start

    @Test func aValidDeviceIsAuthorizedAndTheSecondCheckHitsEveryCache() throws {
        let f = try ShardedFixture()
        let device = ShardedFixture.device(1)
        let request = f.request(try f.authNToken(device: device), device: device)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now) == .validToken)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now + 1) == .validToken)
        let stats = f.engine.stats
        #expect(stats.verifiedTokens.hits == 1)
        #expect(stats.authorizations.hits == 1)
        #expect(f.backend.callCount == 1)
    }

    @Test func aForgedTokenWithTheSameGUIDRequestorAndDeviceIsRejected() throws {
        let f = try ShardedFixture()
        let device = ShardedFixture.device(1)
        let valid = try f.authNToken(device: device, guid: "guid-1")
        #expect(f.engine.checkAuthorizationWaiting(f.request(valid, device: device), now: now) == .validToken)
        // Same claims, signed by an attacker's key: different bytes, so it cannot hit the cached verdict.
        let forged = try f.authNToken(device: device, guid: "guid-1", signer: SigningKey.generate(.ed25519))
        #expect(f.engine.checkAuthorizationWaiting(f.request(forged, device: device), now: now) == .invalidSignature)
        // Same body with the valid token's signature but one byte of the body changed.
        var tampered = valid
        let index = try #require(tampered.lastIndex(of: UInt8(ascii: "C")))  // in "Comcast"
        tampered[index] = UInt8(ascii: "D")
        #expect(f.engine.checkAuthorizationWaiting(f.request(tampered, device: device), now: now) == .invalidSignature)
        // The valid one still works, and the bad ones are remembered in the bounded negative cache.
        #expect(f.engine.checkAuthorizationWaiting(f.request(valid, device: device), now: now) == .validToken)
        #expect(f.engine.checkAuthorizationWaiting(f.request(forged, device: device), now: now) == .invalidSignature)
        #expect(f.engine.stats.negative.entries == 2)
    }

    /// Two engines with these allowed lists for NBC, sharing one token cache and one
    /// authorization cache (and the keys that sign their tokens).
    static func sharingCaches(
        _ first: Set<String>,
        _ second: Set<String>
    ) throws -> (
        ShardedFixture, ShardedFixture, tokens: ShardedCache<TokenBytesKey, VerifiedAuthN>,
        authorizations: ShardedCache<AuthorizationKey, CachedAuthorization>
    ) {
        let keys = try ShardedFixture.keys()
        let tokens = ShardedCache<TokenBytesKey, VerifiedAuthN>(capacity: 64)
        let authorizations = ShardedCache<AuthorizationKey, CachedAuthorization>(capacity: 64)
        let fixtures = try [first, second].map { trusted in
            var configuration = EngineConfiguration()
            configuration.allowedMVPDs = ["NBC": trusted]
            return try ShardedFixture(
                tokenCache: tokens,
                authzCache: authorizations,
                configuration: configuration,
                keys: keys
            )
        }
        return (fixtures[0], fixtures[1], tokens, authorizations)
    }

    @Test func anUntrustedMVPDIsRejectedOnACacheHit() throws {
        let (a, b, tokenCache, _) = try Self.sharingCaches(["Comcast"], ["Charter"])
        let device = ShardedFixture.device(1)
        let request = a.request(try a.authNToken(device: device, mvpd: "Comcast"), device: device)
        #expect(a.engine.checkAuthorizationWaiting(request, now: now) == .validToken)
        let hitsBefore = tokenCache.stats.hits
        #expect(b.engine.checkAuthorizationWaiting(request, now: now) == .untrustedIssuer)
        #expect(tokenCache.stats.hits == hitsBefore + 1)  // it was a cache hit, and still rejected
    }

    /// An authorization-cache hit from the token's own issuer is trusted as the token's check just
    /// found it; one from another issuer is looked up by name on every hit: refused where the
    /// requestor does not trust it, granted where it does, whatever the token's issuer.
    @Test func anAuthorizationFromAnotherIssuerIsCheckedByNameOnEveryHit() throws {
        let (strict, lenient, _, authzCache) = try Self.sharingCaches(["Comcast"], ["Comcast", "Charter"])
        let device = ShardedFixture.device(1)
        let request = strict.request(try strict.authNToken(device: device, mvpd: "Comcast"), device: device)
        let key = AuthorizationKey(authNGUID: "guid-1", requestorID: "NBC", resourceID: "news")
        let until = now + 3_600_000
        authzCache.insert(
            CachedAuthorization(expiresAt: until, msoID: "Charter"),
            forKey: key,
            expiresAt: until,
            now: now
        )
        #expect(strict.engine.checkAuthorizationWaiting(request, now: now) == .untrustedIssuer)
        #expect(lenient.engine.checkAuthorizationWaiting(request, now: now) == .validToken)
        #expect(strict.engine.checkAuthorizationWaiting(request, now: now + 1) == .untrustedIssuer)
        authzCache.insert(
            CachedAuthorization(expiresAt: until, msoID: "Comcast"),
            forKey: key,
            expiresAt: until,
            now: now
        )
        #expect(strict.engine.checkAuthorizationWaiting(request, now: now + 2) == .validToken)
        #expect(authzCache.stats.hits == 4)  // every answer came from the cache
        #expect(strict.backend.callCount == 0 && lenient.backend.callCount == 0)
    }

    /// Trust resolved once per verified token still answers per requestor, on the verification and
    /// on every hit: an issuer another requestor trusts, and a requestor no list names, are refused.
    @Test func issuerTrustIsCheckedPerRequestorOnEveryHit() throws {
        var configuration = EngineConfiguration()
        configuration.allowedMVPDs = ["NBC": ["Comcast"], "CBS": ["Charter"]]
        let f = try ShardedFixture(configuration: configuration)
        let device = ShardedFixture.device(1)
        let trusted = f.request(try f.authNToken(device: device, mvpd: "Comcast"), device: device)
        let otherList = f.request(
            try f.authNToken(device: device, requestor: "CBS", mvpd: "Comcast"),
            device: device,
            requestor: "CBS"
        )
        let unlisted = f.request(
            try f.authNToken(device: device, requestor: "ABC", mvpd: "Comcast"),
            device: device,
            requestor: "ABC"
        )
        for _ in 0..<3 {  // verified, then cache hits
            #expect(f.engine.checkAuthorizationWaiting(trusted, now: now) == .validToken)
            #expect(f.engine.checkAuthorizationWaiting(otherList, now: now) == .untrustedIssuer)
            #expect(f.engine.checkAuthorizationWaiting(unlisted, now: now) == .untrustedIssuer)
        }
        #expect(f.engine.stats.verifiedTokens.hits == 6)
    }

    @Test func anExpiredAuthNTokenIsRejectedEvenWhenCached() throws {
        var configuration = EngineConfiguration()
        configuration.skewMillis = 1_000
        let f = try ShardedFixture(configuration: configuration)
        let device = ShardedFixture.device(1)
        let request = f.request(try f.authNToken(device: device, expiresAt: now + 60_000), device: device)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now) == .validToken)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now + 61_000) == .validToken)  // within the skew
        #expect(f.engine.checkAuthorizationWaiting(request, now: now + 61_001) == .tokenExpired)
    }

    @Test func anExpiredAuthZTokenIsNeverServed() throws {
        var configuration = EngineConfiguration()
        configuration.skewMillis = 0
        let f = try ShardedFixture(configuration: configuration, authZTTLMillis: 60_000)
        let device = ShardedFixture.device(1)
        let request = f.request(try f.authNToken(device: device), device: device)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now) == .validToken)
        #expect(f.backend.callCount == 1)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now + 30_000) == .validToken)
        #expect(f.backend.callCount == 1)
        // The authZ token expired: the cached one is not served, the backend decides again.
        #expect(f.engine.checkAuthorizationWaiting(request, now: now + 61_000) == .validToken)
        #expect(f.backend.callCount == 2)
        #expect(f.engine.stats.authorizations.expirations >= 1)
    }

    @Test func anotherDeviceCannotUseTheTokenEvenAfterTheOwnerWarmedTheCache() throws {
        let f = try ShardedFixture()
        let owner = ShardedFixture.device(1)
        let thief = ShardedFixture.device(2)
        let token = try f.authNToken(device: owner)
        #expect(f.engine.checkAuthorizationWaiting(f.request(token, device: owner), now: now) == .validToken)
        #expect(f.engine.checkAuthorizationWaiting(f.request(token, device: thief), now: now) == .deviceMismatch)
        #expect(f.engine.checkAuthorizationWaiting(f.request(token, device: owner), now: now) == .validToken)
        // And the thief first, on a cold cache.
        let g = try ShardedFixture()
        let token2 = try g.authNToken(device: owner)
        #expect(g.engine.checkAuthorizationWaiting(g.request(token2, device: thief), now: now) == .deviceMismatch)
        #expect(g.engine.checkAuthorizationWaiting(g.request(token2, device: owner), now: now) == .validToken)
    }

    @Test func aTokenForAnotherRequestorIsNotAuthenticated() throws {
        let f = try ShardedFixture()
        let device = ShardedFixture.device(1)
        let token = try f.authNToken(device: device, requestor: "NBC")
        #expect(
            f.engine.checkAuthorizationWaiting(f.request(token, device: device, requestor: "TBS"), now: now)
                == .notAuthenticated
        )
    }

    @Test func theBackendsDenialIsNotAuthorized() throws {
        let f = try ShardedFixture(denyRatio: 1)
        let device = ShardedFixture.device(1)
        let request = f.request(try f.authNToken(device: device), device: device)
        #expect(f.engine.checkAuthorizationWaiting(request, now: now) == .notAuthorized)
        #expect(f.engine.getAuthorizationWaiting(request, now: now) == .rejected(.notAuthorized))
    }

    @Test func malformedInputIsAFormatError() throws {
        let f = try ShardedFixture()
        let device = ShardedFixture.device(1)
        #expect(f.engine.checkAuthorizationWaiting(f.request([], device: device), now: now) == .invalidTokenFormat)
        #expect(
            f.engine.checkAuthorizationWaiting(f.request(Array("<x/>".utf8), device: device), now: now)
                == .invalidTokenFormat
        )
    }

    @Test func logoutRevokesEveryBucketAndItsAuthorizationsWithoutAScan() throws {
        let f = try ShardedFixture()
        let device = ShardedFixture.device(1)
        let nbc = try f.authNToken(device: device, requestor: "NBC", guid: "g-nbc")
        let tbs = try f.authNToken(device: device, requestor: "TBS", mvpd: "Charter", guid: "g-tbs")
        #expect(f.engine.checkAuthorizationWaiting(f.request(nbc, device: device), now: now) == .validToken)
        #expect(
            f.engine.checkAuthorizationWaiting(f.request(tbs, device: device, requestor: "TBS"), now: now)
                == .validToken
        )
        #expect(f.engine.logout(authNTokens: [nbc, tbs], now: now) == 2)
        #expect(f.engine.checkAuthorizationWaiting(f.request(nbc, device: device), now: now + 1) == .notAuthenticated)
        #expect(
            f.engine.checkAuthorizationWaiting(f.request(tbs, device: device, requestor: "TBS"), now: now + 1)
                == .notAuthenticated
        )
        // Re-authentication gives a new GUID: the old authorizations are not reused, the backend decides.
        let calls = f.backend.callCount
        let fresh = try f.authNToken(device: device, requestor: "NBC", guid: "g-nbc-2")
        #expect(f.engine.checkAuthorizationWaiting(f.request(fresh, device: device), now: now + 2) == .validToken)
        #expect(f.backend.callCount == calls + 1)
        #expect(f.engine.stats.revocations.entries == 2)
    }

    @Test func aCheckThatInsertsAfterALogoutDoesNotResurrectTheToken() throws {
        let f = try ShardedFixture()
        let device = ShardedFixture.device(1)
        let token = try f.authNToken(device: device)
        #expect(f.engine.checkAuthorizationWaiting(f.request(token, device: device), now: now) == .validToken)
        let key = TokenBytesKey(token)
        let cached = try #require(f.engine.tokenCache.value(forKey: key, now: now))
        #expect(f.engine.logout(authNTokens: [token], now: now) == 1)
        // A check that verified the token before the logout inserts it after: the insert re-checks
        // revocation, so the token does not stay cached and cannot be served from the cache.
        f.engine.remember(cached, key: key, now: now)
        #expect(f.engine.tokenCache.value(forKey: key, now: now) == nil)
        #expect(f.engine.checkAuthorizationWaiting(f.request(token, device: device), now: now + 1) == .notAuthenticated)
    }
}
