import AuthZCore
import Testing

/// The engine's caches and side structures under streams of unique keys 50x their bounds.
@Suite("Bounds: the engine under unique forged tokens, devices, logouts and media tokens")
struct EngineBoundsTests {
    static let capacity = 64
    static let multiple = 50
    let now = ShardedFixture.start

    /// Small bounds everywhere, so that 50x is cheap.
    static func fixture() throws -> EngineFixture<
        MutexCache<TokenBytesKey, VerifiedAuthN>, MutexCache<AuthorizationKey, CachedAuthorization>
    > {
        var configuration = EngineConfiguration()
        configuration.negativeCacheCapacity = capacity
        configuration.revocationCapacity = capacity
        return try EngineFixture(
            tokenCache: MutexCache(capacity: capacity),
            authzCache: MutexCache(capacity: capacity),
            configuration: configuration
        )
    }

    /// Checks every bound of `engine` (`checkpoint` names the checkpoint in failures).
    func expectWithinBounds<
        TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>,
        AC: CacheStrategy<AuthorizationKey, CachedAuthorization>,
        B: Backend
    >(_ engine: AuthorizationEngine<TC, AC, B>, _ checkpoint: String) {
        let stats = engine.stats
        #expect(
            stats.verifiedTokens.entries <= engine.tokenCache.capacity,
            "verified tokens over bound at \(checkpoint)"
        )
        #expect(
            stats.authorizations.entries <= engine.authzCache.capacity,
            "authorizations over bound at \(checkpoint)"
        )
        #expect(
            stats.negative.entries <= engine.configuration.negativeCacheCapacity,
            "negative cache over bound at \(checkpoint)"
        )
        #expect(
            stats.revocations.entries <= engine.configuration.revocationCapacity,
            "revocations over bound at \(checkpoint)"
        )
    }

    @Test func uniqueForgedTokensFillOnlyTheBoundedNegativeCache() throws {
        let f = try Self.fixture()
        let device = ShardedFixture.device(1)
        // A well-formed token whose GUID is rewritten per request without re-signing: a forgery.
        let template = try f.authNToken(device: device, guid: "forged-00000000")
        let marker = Array("forged-00000000".utf8)
        guard let at = template.firstRange(of: marker)?.lowerBound else {
            Issue.record("template has no GUID")
            return
        }
        let total = Self.capacity * Self.multiple
        for i in 0..<total {
            var token = template
            let digits = Array(String(i + 1).utf8)  // never 0: "forged-00000000" is the signed original
            token.replaceSubrange((at + marker.count - digits.count)..<(at + marker.count), with: digits)
            let code = f.engine.checkAuthorizationWaiting(f.request(token, device: device), now: now + Int64(i))
            if code != .invalidSignature { Issue.record("forgery \(i) got \(code)") }
            if i % 64 == 0 { expectWithinBounds(f.engine, "forgery \(i)") }
        }
        let stats = f.engine.stats
        #expect(stats.verifiedTokens.entries == 0, "a forged token never enters the verified-token cache")
        #expect(stats.negative.inserted >= total - Self.capacity)
        #expect(stats.negative.dropped == stats.negative.inserted - stats.negative.entries)
        expectWithinBounds(f.engine, "end")
    }

    @Test func uniqueDevicesAndResourcesStayWithinBothCaches() throws {
        let f = try Self.fixture()
        let total = Self.capacity * Self.multiple
        for i in 0..<total {
            let device = ShardedFixture.device(i)
            let token = try f.authNToken(device: device, guid: "guid-\(i)")
            let code = f.engine.checkAuthorizationWaiting(
                f.request(token, device: device, resource: "r\(i)"),
                now: now + Int64(i)
            )
            #expect(code == .validToken)
            if i % 64 == 0 { expectWithinBounds(f.engine, "device \(i)") }
        }
        let stats = f.engine.stats
        #expect(stats.verifiedTokens.inserts >= total)
        #expect(stats.verifiedTokens.evictions >= total - Self.capacity)
        #expect(stats.authorizations.evictions >= total - Self.capacity)
        expectWithinBounds(f.engine, "end")
    }

    @Test func uniqueLogoutsStayWithinTheRevocationList() throws {
        let f = try Self.fixture()
        let total = Self.capacity * Self.multiple
        for i in 0..<total {
            let device = ShardedFixture.device(i)
            let token = try f.authNToken(device: device, guid: "guid-\(i)")
            #expect(f.engine.logout(authNTokens: [token], now: now + Int64(i)) == 1)
            // The logged-out token is refused right away.
            #expect(
                f.engine.checkAuthorizationWaiting(f.request(token, device: device), now: now + Int64(i))
                    == .notAuthenticated
            )
            if i % 64 == 0 { expectWithinBounds(f.engine, "logout \(i)") }
        }
        let revocations = f.engine.stats.revocations
        #expect(revocations.inserted == total)
        #expect(revocations.dropped == total - revocations.entries, "every forgotten revocation is counted")
        expectWithinBounds(f.engine, "end")
    }
}
