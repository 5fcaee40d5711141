import COpenSSL
import Testing

/// `HMACSHA256Key` cleanses its per-call stack copy of a key state only when a call fails: it
/// relies on libcrypto's `SHA256_Final` leaving no key state in a context it finished. This holds
/// that reliance against the libcrypto the tests link.
@Suite("A finished SHA-256 context holds no key state")
struct FinishedDigestStateTests {
    /// A context that has absorbed one padded key block (as an HMAC key state has), then `length`
    /// message bytes, then finished: its chaining words are the digest, its block buffer is zero.
    @Test(arguments: [0, 1, 32, 55, 56, 63, 64, 65, 200])
    func finalLeavesOnlyTheDigest(length: Int) {
        var context = SHA256_CTX()
        let padded = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) ^ 0x36 }
        #expect(authz_sha256_init(&context) == 1)
        #expect(padded.withUnsafeBytes { authz_sha256_update(&context, $0.baseAddress, $0.count) } == 1)
        let keyState = withUnsafeBytes(of: context.h) { Array($0) }

        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ length) }
        #expect(message.withUnsafeBytes { authz_sha256_update(&context, $0.baseAddress, $0.count) } == 1)
        var digest = [UInt8](repeating: 0, count: 32)
        #expect(authz_sha256_final(&digest, &context) == 1)

        let chaining = withUnsafeBytes(of: context.h) { Array($0) }
        let bigEndianWords = stride(from: 0, to: 32, by: 4).flatMap { digest[$0..<$0 + 4].reversed() }
        #expect(chaining == bigEndianWords)
        #expect(chaining != keyState)
        #expect(withUnsafeBytes(of: context.data) { $0.allSatisfy { $0 == 0 } })
    }
}
