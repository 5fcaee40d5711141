import AuthZCore
import AuthZSimulation
import Testing

/// Negative caching (`EngineConfiguration.denyTTLMillis`): off by default; when on, an upstream
/// denial is answered inline for its TTL and never after, counted, refreshed ahead like a permit,
/// and never stands in for a check it would skip. Time is the tests' own (the manual `now`).
@Suite("Deny TTL: cached upstream denials")
struct DenyTTLTests {
    static let start = UpstreamFixture.start

    /// A fixture whose device 1 was denied `news` by the upstream at `start` (the call answered,
    /// none held); `ttl` nil leaves negative caching off. Upstream calls time out after 1 s.
    static func denied(ttl: Int64?, fraction: Double? = nil) throws -> (UpstreamFixture, AuthorizationRequest) {
        let f = try UpstreamFixture {
            $0.denyTTLMillis = ttl
            $0.refreshAheadFraction = fraction
            $0.upstreamTimeoutMillis = 1_000  // shorter than the TTLs, to time a refresh out within one
        }
        let request = try f.request(1)
        let ledger = ExpectedCompletions<ResultCode>(count: 1)
        #expect(f.engine.checkAuthorization(request, now: start, completion: ledger.completion(0)) == nil)
        #expect(f.backend.replyToAll(now: start) { _ in .deny } == 1)
        #expect(ledger.outcomes == [.notAuthorized])
        return (f, request)
    }

    @Test(arguments: [nil, 0] as [Int64?])
    func aDenialIsNotCachedByDefault(ttl: Int64?) throws {
        let (f, request) = try Self.denied(ttl: ttl)
        let ledger = ExpectedCompletions<ResultCode>(count: 1)
        // The second request goes upstream again.
        #expect(f.engine.checkAuthorization(request, now: Self.start + 1, completion: ledger.completion(0)) == nil)
        #expect(f.backend.heldCount == 1)
        f.backend.replyToAll(now: Self.start + 2) { _ in .deny }
        #expect(ledger.outcomes == [.notAuthorized])
        #expect(f.engine.upstreamStats.calls == 2)
        #expect(f.engine.stats.authorizations.negativeHits == 0)
        #expect(f.engine.stats.authorizations.entries == 0)
    }

    @Test func withATTLTheNextRequestsAreAnsweredInlineAndCounted() throws {
        let (f, request) = try Self.denied(ttl: 30_000)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 1, completion: WarmOnly()) == .notAuthorized)
        #expect(
            f.engine.getAuthorization(request, now: Self.start + 2, completion: WarmOnly()) == .rejected(.notAuthorized)
        )
        #expect(f.backend.heldCount == 0)
        #expect(f.engine.upstreamStats.calls == 1)
        let stats = f.engine.stats.authorizations
        #expect(stats.negativeHits == 2)
        #expect(stats.entries == 1)
        // A negative hit is a hit of the cache too.
        #expect(stats.hits >= stats.negativeHits)
    }

    @Test func aDenialIsNeverServedPastItsTTL() throws {
        let (f, request) = try Self.denied(ttl: 10_000)
        #expect(
            f.engine.checkAuthorization(request, now: Self.start + 10_000, completion: WarmOnly()) == .notAuthorized
        )
        let ledger = ExpectedCompletions<ResultCode>(count: 1)
        // One millisecond past the TTL: the entry is gone (the skew applies to tokens, not denials).
        #expect(f.engine.checkAuthorization(request, now: Self.start + 10_001, completion: ledger.completion(0)) == nil)
        #expect(f.backend.heldCount == 1)
        f.permitAll(now: Self.start + 10_002)
        #expect(ledger.outcomes == [.validToken])
        #expect(f.engine.stats.authorizations.negativeHits == 1)
        #expect(f.engine.stats.authorizations.expirations == 1)
    }

    @Test func aDenialIsRefreshedAheadAndAGrantReplacesIt() throws {
        let (f, request) = try Self.denied(ttl: 10_000, fraction: 0.8)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 7_999, completion: WarmOnly()) == .notAuthorized)
        #expect(f.backend.heldCount == 0)
        // Past 80% of the denial's own lifetime: answered from the cache, and one refresh goes up.
        #expect(f.engine.checkAuthorization(request, now: Self.start + 8_001, completion: WarmOnly()) == .notAuthorized)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 8_002, completion: WarmOnly()) == .notAuthorized)
        #expect(f.backend.heldCount == 1)
        #expect(f.engine.upstreamStats.refreshes == 1)
        f.permitAll(now: Self.start + 8_003)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 8_004, completion: WarmOnly()) == .validToken)
    }

    @Test(arguments: [BackendDecision.unavailable, nil])
    func aFailedRefreshKeepsTheDenialNoLongerThanItsTTL(failure: BackendDecision?) throws {
        let (f, request) = try Self.denied(ttl: 10_000, fraction: 0.8)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 8_001, completion: WarmOnly()) == .notAuthorized)
        if let failure {
            f.backend.replyToAll(now: Self.start + 8_002) { _ in failure }
        } else {
            #expect(f.engine.expireUpstreamCalls(now: Self.start + 8_001 + 1_000) == 1)
            f.backend.replyToAll(now: Self.start + 8_002) { _ in .deny }  // late: ignored
        }
        #expect(f.engine.checkAuthorization(request, now: Self.start + 9_000, completion: WarmOnly()) == .notAuthorized)
        #expect(
            f.engine.checkAuthorization(request, now: Self.start + 10_001, completion: CompletionHandler { _ in })
                == nil
        )
        f.backend.replyToAll(now: Self.start + 10_002) { _ in .deny }
    }

    @Test func aRefreshDeniedUpstreamReplacesTheGrantWithTheDenial() throws {
        let f = try UpstreamFixture {
            $0.denyTTLMillis = 30_000
            $0.refreshAheadFraction = 0.8
        }
        let request = try f.request(1)
        #expect(f.engine.checkAuthorization(request, now: Self.start, completion: CompletionHandler { _ in }) == nil)
        f.permitAll(now: Self.start)
        // The grant (100 s) is refreshed past 80 s; the upstream now denies.
        #expect(f.engine.checkAuthorization(request, now: Self.start + 81_000, completion: WarmOnly()) == .validToken)
        f.backend.replyToAll(now: Self.start + 81_001) { _ in .deny }
        #expect(
            f.engine.checkAuthorization(request, now: Self.start + 81_002, completion: WarmOnly()) == .notAuthorized
        )
        #expect(f.engine.stats.authorizations.negativeHits == 1)
    }

    @Test func aCachedDenialNeverStandsInForTheTokenChecks() throws {
        let (f, _) = try Self.denied(ttl: 30_000)
        let now = Self.start + 1
        // The same authN GUID (so the same authorization key), each failing one earlier check.
        let otherDevice = try f.request(1, presentedBy: 2)
        #expect(f.engine.checkAuthorization(otherDevice, now: now, completion: WarmOnly()) == .deviceMismatch)
        let expired = try f.request(1, expiresAt: Self.start - 1_000)
        #expect(f.engine.checkAuthorization(expired, now: now, completion: WarmOnly()) == .tokenExpired)
        let forged = try f.request(1, signer: f.deployment.keys.media)
        #expect(f.engine.checkAuthorization(forged, now: now, completion: WarmOnly()) == .invalidSignature)
        #expect(f.engine.stats.authorizations.negativeHits == 0)
        #expect(f.backend.heldCount == 0)
    }
}

/// Cached denials share the authorization cache's bound: no side table grows with them.
@Suite("Bounds: cached denials")
struct DenyTTLBoundsTests {
    @Test func uniqueDeniedKeysStayWithinTheAuthorizationCache() throws {
        let capacity = 64
        var configuration = EngineConfiguration()
        configuration.denyTTLMillis = 60_000
        // The simulated upstream denies every combination.
        let f = try EngineFixture(
            tokenCache: MutexCache<TokenBytesKey, VerifiedAuthN>(capacity: capacity),
            authzCache: MutexCache<AuthorizationKey, CachedAuthorization>(capacity: capacity),
            configuration: configuration,
            denyRatio: 1
        )
        let device = ShardedFixture.device(1)
        let token = try f.authNToken(device: device)
        let now = ShardedFixture.start
        let total = capacity * 50
        for i in 0..<total {
            let code = f.engine.checkAuthorizationWaiting(
                f.request(token, device: device, resource: "resource-\(i)"),
                now: now + Int64(i)
            )
            if code != .notAuthorized { Issue.record("resource \(i) got \(code)") }
            if i % 64 == 0 { #expect(f.engine.stats.authorizations.entries <= capacity) }
        }
        let stats = f.engine.stats.authorizations
        #expect(stats.entries <= capacity)
        #expect(stats.evictions >= total - capacity)
        // The last denial is still cached: answered inline.
        let last = f.request(token, device: device, resource: "resource-\(total - 1)")
        #expect(f.engine.checkAuthorization(last, now: now + Int64(total), completion: WarmOnly()) == .notAuthorized)
        #expect(f.engine.stats.authorizations.negativeHits == 1)
    }
}
