import AuthZCore
import AuthZSimulation
import Testing

/// Timeouts, errors and the in-flight bound complete every request with UPSTREAM_UNAVAILABLE,
/// once; bad requests are rejected before any upstream call.
@Suite("Upstream failures and bounds")
struct UpstreamFailureTests {
    static let start = UpstreamFixture.start

    @Test func aTimedOutCallCompletesItsWaitersOnceAndIgnoresTheLateReply() throws {
        let f = try UpstreamFixture { $0.upstreamTimeoutMillis = 2_000 }
        let request = try f.request(1)
        let ledger = ExpectedCompletions<ResultCode>(count: 3)
        for index in 0..<3 {
            #expect(
                f.engine.checkAuthorization(
                    request,
                    now: Self.start + Int64(index),
                    completion: ledger.completion(index)
                ) == nil
            )
        }
        #expect(f.engine.expireUpstreamCalls(now: Self.start + 1_999) == 0)
        #expect(f.engine.expireUpstreamCalls(now: Self.start + 2_000) == 1)
        #expect(f.permitAll(now: Self.start + 2_500) == 1)
        let tally = ledger.tally
        #expect(tally.once == 3 && tally.twice == 0)
        #expect(ledger.outcomes == [.upstreamUnavailable, .upstreamUnavailable, .upstreamUnavailable])
        let stats = f.engine.upstreamStats
        #expect(stats.timeouts == 1 && stats.calls == 1 && stats.coalesced == 2 && stats.inFlight == 0)
        // The next request asks again, and is answered.
        let next = ExpectedCompletions<ResultCode>(count: 1)
        #expect(f.engine.checkAuthorization(request, now: Self.start + 3_000, completion: next.completion(0)) == nil)
        #expect(f.backend.callCount == 2)
        f.permitAll(now: Self.start + 3_100)
        #expect(next.outcomes == [.validToken])
    }

    @Test(arguments: [BackendDecision.unavailable, .deny])
    func anUpstreamErrorOrDenialCompletesEveryWaiter(decision: BackendDecision) throws {
        let f = try UpstreamFixture()
        let ledger = ExpectedCompletions<AuthorizationOutcome>(count: 4)
        for index in 0..<4 {
            #expect(
                f.engine.getAuthorization(try f.request(1), now: Self.start, completion: ledger.completion(index))
                    == nil
            )
        }
        f.backend.replyToAll(now: Self.start + 1) { _ in decision }
        let expected: ResultCode = decision == .deny ? .notAuthorized : .upstreamUnavailable
        #expect(ledger.outcomes == Array(repeating: .rejected(expected), count: 4))
        #expect(f.engine.upstreamStats.errors == (decision == .deny ? 0 : 1))
    }

    @Test func beyondTheInFlightBoundARequestCompletesAtOnce() throws {
        let f = try UpstreamFixture { $0.maxUpstreamInFlight = 2 }
        let ledger = ExpectedCompletions<ResultCode>(count: 4)
        for (index, resource) in ["a", "b", "c"].enumerated() {
            if let code = f.engine.checkAuthorization(
                try f.request(1, resource: resource),
                now: Self.start,
                completion: ledger.completion(index)
            ) {
                ledger.inline(index, code)
            }
        }
        #expect(f.backend.heldCount == 2)
        #expect(ledger.tally.once == 1)
        #expect(ledger.outcomes == [.upstreamUnavailable])
        // Joining a call in flight is not a new call: not bounded.
        #expect(
            f.engine.checkAuthorization(
                try f.request(1, resource: "a"),
                now: Self.start,
                completion: ledger.completion(3)
            ) == nil
        )
        f.permitAll(now: Self.start + 5)
        #expect(ledger.tally.once == 4)
        let stats = f.engine.upstreamStats
        #expect(stats.rejected == 1 && stats.maxInFlight == 2 && stats.inFlight == 0)
    }

    @Test func theAuthZTokenMustBeBoundToTheDeviceThatWasChecked() throws {
        let f = try UpstreamFixture()
        let ledger = ExpectedCompletions<ResultCode>(count: 1)
        #expect(f.engine.checkAuthorization(try f.request(1), now: Self.start, completion: ledger.completion(0)) == nil)
        // An upstream answering with a token bound to another fingerprint.
        f.backend.replyToAll(now: Self.start + 1) { call in
            var other = call.request
            other.fingerprint = String(repeating: "0", count: 64)
            return f.upstream.decide(other, now: Self.start + 1)
        }
        #expect(ledger.outcomes == [.deviceMismatch])
    }

    enum BadRequest: String, CaseIterable, Sendable {
        case forged, expired, wrongDevice, untrusted
    }

    @Test(arguments: BadRequest.allCases)
    func aBadRequestIsRejectedBeforeAnyUpstreamCall(_ bad: BadRequest) throws {
        let f = try UpstreamFixture { $0.allowedMVPDs = ["NBC": ["Comcast"]] }
        let request: AuthorizationRequest
        let expected: ResultCode
        switch bad {
        case .forged:
            request = try f.request(1, signer: SigningKey.generate(.ed25519))
            expected = .invalidSignature
        case .expired:
            request = try f.request(1, expiresAt: Self.start - 1)
            expected = .tokenExpired
        case .wrongDevice:
            request = try f.request(1, presentedBy: 2)
            expected = .deviceMismatch
        case .untrusted:
            request = try f.request(1, mvpd: "Unknown")
            expected = .untrustedIssuer
        }
        #expect(f.engine.checkAuthorization(request, now: Self.start, completion: WarmOnly()) == expected)
        #expect(f.engine.getAuthorization(request, now: Self.start, completion: WarmOnly()) == .rejected(expected))
        #expect(f.backend.callCount == 0)
    }
}
