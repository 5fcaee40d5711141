import AuthZCore
import AuthZSimulation
import Testing

/// A hit on an authorization past its refresh point is answered from the cache and starts one
/// background refresh; a failed refresh keeps the entry; an expired entry is never served.
@Suite("Refresh ahead")
struct RefreshAheadTests {
    static let start = UpstreamFixture.start

    /// A fixture whose device 1 is authorized for `news` (authZ lifetime 100 s, expiry rounded
    /// down to the second by the upstream), with no call held.
    static func authorized(fraction: Double? = 0.8) throws -> (UpstreamFixture, AuthorizationRequest) {
        let f = try UpstreamFixture { $0.refreshAheadFraction = fraction }
        let request = try f.request(1)
        let ledger = ExpectedCompletions<ResultCode>(count: 1)
        #expect(f.engine.checkAuthorization(request, now: start, completion: ledger.completion(0)) == nil)
        f.permitAll(now: start)
        #expect(ledger.outcomes == [.validToken])
        #expect(f.engine.checkAuthorization(request, now: start + 1, completion: WarmOnly()) == .validToken)
        return (f, request)
    }

    @Test func aHitPastTheRefreshPointIsServedFromTheCacheAndReplacesTheEntry() throws {
        let (f, request) = try Self.authorized()
        #expect(f.engine.checkAuthorization(request, now: Self.start + 79_000, completion: WarmOnly()) == .validToken)
        #expect(f.backend.heldCount == 0)
        // Past 80% of the lifetime: answered inline, and one refresh goes upstream.
        #expect(f.engine.checkAuthorization(request, now: Self.start + 81_000, completion: WarmOnly()) == .validToken)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 82_000, completion: WarmOnly()) == .validToken)
        #expect(f.backend.heldCount == 1)
        #expect(f.engine.upstreamStats.refreshes == 1)
        f.permitAll(now: Self.start + 83_000)
        // The replacement lives 100 s from its answer: valid past the first entry's expiry.
        #expect(f.engine.checkAuthorization(request, now: Self.start + 150_000, completion: WarmOnly()) == .validToken)
        #expect(f.backend.heldCount == 0)
        #expect(f.engine.upstreamStats.calls == 2)
    }

    @Test(arguments: [BackendDecision.unavailable, nil])
    func aFailedRefreshKeepsTheValidEntry(failure: BackendDecision?) throws {
        let (f, request) = try Self.authorized()
        #expect(f.engine.checkAuthorization(request, now: Self.start + 81_000, completion: WarmOnly()) == .validToken)
        if let failure {
            f.backend.replyToAll(now: Self.start + 82_000) { _ in failure }
        } else {
            #expect(f.engine.expireUpstreamCalls(now: Self.start + 81_000 + 5_000) == 1)
            #expect(f.engine.upstreamStats.timeouts == 1)
        }
        #expect(f.engine.checkAuthorization(request, now: Self.start + 90_000, completion: WarmOnly()) == .validToken)
        // The refresh point moved halfway to expiry: no retry on every hit.
        #expect(f.backend.heldCount == (failure == nil ? 1 : 0))
        // A reply after the timeout is ignored: it neither replaces the entry nor counts.
        f.permitAll(now: Self.start + 91_000)
        #expect(f.engine.upstreamStats.calls == 2)
        #expect(
            f.engine.checkAuthorization(request, now: Self.start + 100_001, completion: CompletionHandler { _ in })
                == nil
        )
        f.permitAll(now: Self.start + 100_002)
    }

    @Test func anExpiredEntryIsNeverServed() throws {
        let (f, request) = try Self.authorized(fraction: nil)
        let ledger = ExpectedCompletions<ResultCode>(count: 1)
        #expect(
            f.engine.checkAuthorization(request, now: Self.start + 100_001, completion: ledger.completion(0)) == nil
        )
        #expect(f.backend.heldCount == 1)
        #expect(ledger.tally.never == 1)
        f.backend.replyToAll(now: Self.start + 100_002) { _ in .unavailable }
        #expect(ledger.outcomes == [.upstreamUnavailable])
    }

    @Test func refreshAheadOffNeverCallsOnAHit() throws {
        let (f, request) = try Self.authorized(fraction: nil)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 99_000, completion: WarmOnly()) == .validToken)
        #expect(f.backend.callCount == 1)
    }
}

/// A completion that must never run: the request was expected inline.
struct WarmOnly<Outcome: Sendable>: AuthorizationCompletion {
    func complete(_ outcome: Outcome) { Issue.record("completed asynchronously: \(outcome)") }
}
