import AuthZCore
import Testing

@Suite("Media tokens: minting and the media server's verifier")
struct MediaTokenTests {
    let now = ShardedFixture.start

    func minted(_ f: ShardedFixture, resource: String = "news") throws -> [UInt8] {
        let device = ShardedFixture.device(1)
        let outcome = f.engine.getAuthorizationWaiting(
            f.request(try f.authNToken(device: device), device: device, resource: resource),
            now: now
        )
        guard case .mediaToken(let token) = outcome else {
            Issue.record("expected a media token, got \(outcome)")
            return []
        }
        return token
    }

    @Test func aMintedTokenVerifiesOnceAndIsThenAReplay() throws {
        let f = try ShardedFixture()
        let token = try minted(f)
        let verifier = MediaTokenVerifier(
            key: f.mediaKey.verifyingKey,
            skewMillis: 1_000,
            replayGuard: ReplayGuard(capacity: 100)
        )
        #expect(token.withUnsafeBytes { verifier.verify($0, resource: "news", now: now + 10) } == .validToken)
        #expect(token.withUnsafeBytes { verifier.verify($0, resource: "news", now: now + 20) } == .tokenReplayed)
        #expect(verifier.replayGuard.stats.duplicates == 1)
    }

    @Test func eachMintIsAFreshSession() throws {
        let f = try ShardedFixture()
        let a = try TokenParser.parse(try minted(f))
        let b = try TokenParser.parse(try minted(f))
        guard case .media(let x) = a.body, case .media(let y) = b.body else {
            Issue.record("not media tokens")
            return
        }
        #expect(x.sessionGUID != y.sessionGUID)
        #expect(x.ttlMillis == 300_000)
        #expect(x.issueTimeMillis == now)
    }

    @Test func windowResourceAndSignatureAreChecked() throws {
        let f = try ShardedFixture()
        let verifier = MediaTokenVerifier(
            key: f.mediaKey.verifyingKey,
            skewMillis: 1_000,
            replayGuard: ReplayGuard(capacity: 100)
        )
        let early = try minted(f)
        #expect(early.withUnsafeBytes { verifier.verify($0, resource: "news", now: now - 1_001) } == .tokenExpired)
        let late = try minted(f)
        #expect(late.withUnsafeBytes { verifier.verify($0, resource: "news", now: now + 301_001) } == .tokenExpired)
        let onEdge = try minted(f)
        #expect(onEdge.withUnsafeBytes { verifier.verify($0, resource: "news", now: now + 301_000) } == .validToken)
        let other = try minted(f)
        #expect(other.withUnsafeBytes { verifier.verify($0, resource: "sports", now: now) } == .invalidResourceID)
        var tampered = try minted(f)
        tampered[tampered.count - 30] ^= 0x01
        let code = tampered.withUnsafeBytes { verifier.verify($0, resource: "news", now: now) }
        #expect(code == .invalidSignature || code == .invalidTokenFormat)
        // Rejected tokens took no place in the replay guard.
        #expect(verifier.replayGuard.stats.inserted == 1)
    }
}
