import AuthZCore
import AuthZSimulation
import Dispatch
import Testing

/// Concurrent misses on one authorization key share one upstream call; every waiter completes
/// once. Runs under the thread sanitizer (`Concurren` in the Makefile's filter).
@Suite("Upstream single flight, under concurrency")
struct SingleFlightConcurrencyTests {
    @Test func aThousandConcurrentMissesOnOneKeyMakeOneUpstreamCall() throws {
        let f = try UpstreamFixture()
        let request = try f.request(1)
        let ledger = ExpectedCompletions<ResultCode>(count: 1_000)
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            if let code = f.engine.checkAuthorization(
                request,
                now: UpstreamFixture.start,
                completion: ledger.completion(index)
            ) {
                ledger.inline(index, code)
            }
        }
        #expect(f.backend.callCount == 1)
        #expect(f.backend.heldCount == 1)
        #expect(ledger.tally.never == 1_000)
        #expect(f.permitAll(now: UpstreamFixture.start + 200) == 1)
        let tally = ledger.tally
        #expect(tally.once == 1_000 && tally.twice == 0 && tally.never == 0)
        #expect(ledger.outcomes.allSatisfy { $0 == .validToken })
        let stats = f.engine.upstreamStats
        #expect(stats.calls == 1 && stats.coalesced == 999 && stats.inFlight == 0 && stats.maxInFlight == 1)
    }

    @Test func parkedGetsEachMintTheirOwnMediaTokenWhenTheUpstreamAnswers() throws {
        let f = try UpstreamFixture()
        let request = try f.request(2)
        let ledger = ExpectedCompletions<AuthorizationOutcome>(count: 50)
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            if let outcome = f.engine.getAuthorization(
                request,
                now: UpstreamFixture.start,
                completion: ledger.completion(index)
            ) {
                ledger.inline(index, outcome)
            }
        }
        f.permitAll(now: UpstreamFixture.start + 300)
        let tokens = ledger.outcomes.compactMap { outcome -> [UInt8]? in
            if case .mediaToken(let token) = outcome { return token }
            return nil
        }
        #expect(tokens.count == 50)
        #expect(Set(tokens).count == 50)
        let verifier = f.deployment.makeMediaVerifier(replayCapacity: 10_000)
        let codes = tokens.map { token in
            token.withUnsafeBytes { verifier.verify($0, resource: "news", now: UpstreamFixture.start + 300) }
        }
        #expect(codes == Array(repeating: .validToken, count: 50))
        // Issued when the upstream answered, not when the request arrived.
        #expect(f.engine.checkAuthorizationWaiting(request, now: UpstreamFixture.start + 301) == .validToken)
    }

    @Test func requestsForOtherKeysStartTheirOwnCalls() throws {
        let f = try UpstreamFixture()
        let ledger = ExpectedCompletions<ResultCode>(count: 3)
        for (index, resource) in ["a", "b", "c"].enumerated() {
            #expect(
                f.engine.checkAuthorization(
                    try f.request(3, resource: resource),
                    now: UpstreamFixture.start,
                    completion: ledger.completion(index)
                ) == nil
            )
        }
        #expect(f.backend.heldCount == 3)
        #expect(f.engine.upstreamStats.maxInFlight == 3)
        f.permitAll(now: UpstreamFixture.start + 10)
        #expect(ledger.outcomes == [.validToken, .validToken, .validToken])
    }
}
