import AuthZCore
import Testing

/// The media server's replay guard under a stream of unique, validly signed media tokens 50x its
/// bound, every token presented twice.
@Suite("Bounds: the replay guard under 50x unique media tokens")
struct ReplayGuardBoundsTests {
    static let capacity = 64
    let start: Int64 = 1_800_000_000_000

    /// `count` signed media tokens, token i issued at `start + i` ms with a TTL that puts each one's
    /// expiry in its own one-second generation (token i expires 1 s after token i - 1).
    func tokens(_ count: Int, key: SigningKey) throws -> [[UInt8]] {
        let issuer = TokenIssuer(key: key)
        return try (0..<count).map { i in
            try issuer.issue(
                .media(
                    MediaTokenBody(
                        sessionGUID: "session-\(i)",
                        requestorID: "NBC",
                        resourceID: "news",
                        ttlMillis: 3_600_000 + Int64(i) * 1_000 - Int64(i),
                        issueTimeMillis: start + Int64(i),
                        mvpdID: "Comcast",
                        proxyMvpdID: ""
                    )
                )
            )
        }
    }

    @Test func rejectNewFailsClosedAndNeverAcceptsAReplay() throws {
        let key = try SigningKey.generate(.ed25519)
        let verifier = MediaTokenVerifier(
            key: key.verifyingKey,
            replayGuard: ReplayGuard(capacity: Self.capacity, policy: .rejectNew, shardCount: 1)
        )
        let all = try tokens(Self.capacity * 50, key: key)
        var admitted: [Int] = []
        for (i, token) in all.enumerated() {
            let now = start + Int64(i) + 1
            let first = token.withUnsafeBytes { verifier.verify($0, resource: "news", now: now) }
            if first == .validToken { admitted.append(i) }
            // Every token presented again, and one admitted earlier: always a replay (all are in their window).
            #expect(token.withUnsafeBytes { verifier.verify($0, resource: "news", now: now) } == .tokenReplayed)
            if let earlier = admitted.randomElement() {
                #expect(
                    all[earlier].withUnsafeBytes { verifier.verify($0, resource: "news", now: now) } == .tokenReplayed
                )
            }
            #expect(verifier.replayGuard.stats.entries <= Self.capacity)
        }
        let stats = verifier.replayGuard.stats
        #expect(admitted.count == Self.capacity)
        // Each token past the bound is refused twice (first use and its replay), each time counted.
        #expect(stats.rejectedFull == 2 * (all.count - Self.capacity), "every refusal at the bound is counted")
        #expect(stats.dropped == 0)
    }

    @Test func dropOldestForgetsOnlyCountedTokensAndKeepsTheNewest() throws {
        let key = try SigningKey.generate(.ed25519)
        let verifier = MediaTokenVerifier(
            key: key.verifyingKey,
            replayGuard: ReplayGuard(capacity: Self.capacity, policy: .dropOldestGeneration, shardCount: 1)
        )
        let all = try tokens(Self.capacity * 50, key: key)
        var acceptedReplays = 0
        for (i, token) in all.enumerated() {
            let now = start + Int64(i) + 1
            #expect(token.withUnsafeBytes { verifier.verify($0, resource: "news", now: now) } == .validToken)
            // The newest `capacity` tokens are held: a replay of any of them is caught.
            let recent = max(0, i - Self.capacity + 1)...i
            let probe = Int.random(in: recent)
            #expect(
                all[probe].withUnsafeBytes { verifier.verify($0, resource: "news", now: now) } == .tokenReplayed,
                "replay of token \(probe) (within the newest \(Self.capacity)) accepted at \(i)"
            )
            // An older one may have been forgotten; if it is accepted, the forgetting was counted.
            if i >= Self.capacity {
                let old = Int.random(in: 0..<(i - Self.capacity + 1))
                if all[old].withUnsafeBytes({ verifier.verify($0, resource: "news", now: now) }) == .validToken {
                    acceptedReplays += 1
                }
            }
            let stats = verifier.replayGuard.stats
            #expect(stats.entries <= Self.capacity)
            #expect(acceptedReplays <= stats.dropped, "a replay was accepted without a counted drop")
        }
        #expect(verifier.replayGuard.stats.dropped >= all.count - Self.capacity)
    }
}
