import AuthZCore
import Testing

@Suite("Replay guard and bounded expiring sets")
struct ReplayGuardTests {
    @Test func aSecondUseIsAReplay() {
        let guardian = ReplayGuard(capacity: 100)
        #expect(guardian.admit(sessionGUID: "s1", expiresAt: 10_000, now: 0) == .validToken)
        #expect(guardian.admit(sessionGUID: "s1", expiresAt: 10_000, now: 5_000) == .tokenReplayed)
        #expect(guardian.admit(sessionGUID: "s2", expiresAt: 10_000, now: 5_000) == .validToken)
        #expect(guardian.stats.duplicates == 1)
        #expect(guardian.stats.inserted == 2)
    }

    @Test func entriesLeaveWhenTheirTokenExpires() {
        let set = ExpiringKeySet<Int>(capacity: 1_000, policy: .rejectNew, generationMillis: 100, shardCount: 1)
        for key in 0..<500 { #expect(set.insert(key, expiresAt: 1_000 + Int64(key), now: 0) == .inserted) }
        #expect(set.stats.entries == 500)
        // At 2_000 every key has expired; the next insert drops all their generations.
        #expect(set.insert(10_000, expiresAt: 5_000, now: 2_000) == .inserted)
        #expect(set.stats.entries == 1)
        #expect(set.stats.expired == 500)
        #expect(!set.contains(3, now: 2_000))
    }

    @Test(arguments: [OverflowPolicy.rejectNew, .dropOldestGeneration])
    func theBoundHoldsUnderAStreamOfUniqueKeys(policy: OverflowPolicy) {
        let capacity = 256
        let set = ExpiringKeySet<Int>(capacity: capacity, policy: policy, generationMillis: 10, shardCount: 4)
        for key in 0..<20_000 {
            _ = set.insert(key, expiresAt: 1_000_000 + Int64(key), now: Int64(key / 100))
            #expect(set.stats.entries <= capacity)
        }
        let stats = set.stats
        switch policy {
        case .rejectNew:
            #expect(stats.rejectedFull == 20_000 - stats.inserted)
            #expect(stats.dropped == 0)
        case .dropOldestGeneration:
            #expect(stats.inserted == 20_000)
            #expect(stats.dropped == 20_000 - stats.entries)
        }
    }

    @Test func aFullRejectNewGuardFailsClosedAndCountsIt() {
        let guardian = ReplayGuard(capacity: 2, policy: .rejectNew, shardCount: 1)
        #expect(guardian.admit(sessionGUID: "a", expiresAt: 10_000, now: 0) == .validToken)
        #expect(guardian.admit(sessionGUID: "b", expiresAt: 10_000, now: 0) == .validToken)
        #expect(guardian.admit(sessionGUID: "c", expiresAt: 10_000, now: 0) == .tokenReplayed)
        #expect(guardian.stats.rejectedFull == 1)
        // A replay still inside the window and the bound is always caught.
        #expect(guardian.admit(sessionGUID: "a", expiresAt: 10_000, now: 1) == .tokenReplayed)
        // Once the old tokens expire there is room again.
        #expect(guardian.admit(sessionGUID: "c", expiresAt: 30_000, now: 20_000) == .validToken)
    }

    @Test func dropOldestForgetsTheSoonestExpiringGenerationAndCountsIt() {
        let guardian = ReplayGuard(capacity: 2, policy: .dropOldestGeneration, shardCount: 1)
        #expect(guardian.admit(sessionGUID: "early", expiresAt: 5_000, now: 0) == .validToken)
        #expect(guardian.admit(sessionGUID: "late", expiresAt: 9_000, now: 0) == .validToken)
        #expect(guardian.admit(sessionGUID: "new", expiresAt: 9_500, now: 0) == .validToken)
        #expect(guardian.stats.dropped == 1)
        #expect(guardian.admit(sessionGUID: "late", expiresAt: 9_000, now: 1) == .tokenReplayed)
    }
}
