import AuthZCore
import Testing

/// The verified-token cache's key: the hashed window and full byte equality.
@Suite("Token bytes key: window hash, full byte equality")
struct TokenBytesKeyTests {
    static func token(_ length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
    }

    /// Every length around the window's size, every byte position: equal bytes make equal keys
    /// with equal hashes; one changed byte makes unequal keys, and changes the hash exactly when
    /// it lies in the length-and-window input (bytes 16 to 40, the signature's start past the
    /// `<signatureInfo>` tag every token opens with; all of a token of at most 40 bytes).
    @Test(arguments: [0, 1, 7, 8, 39, 40, 41, 47, 48, 63, 64, 80, 200, 671])
    func oneChangedByteMakesAnotherKey(length: Int) {
        let bytes = Self.token(length)
        let key = TokenBytesKey(bytes)
        let copy = TokenBytesKey(bytes.map { $0 })
        #expect(key == copy)
        #expect(key.precomputedHash == copy.precomputedHash)
        let window = TokenBytesKey.windowStart..<TokenBytesKey.headBytes
        for position in 0..<length {
            var changed = bytes
            changed[position] ^= 0x01
            let other = TokenBytesKey(changed)
            #expect(key != other, "position \(position)")
            let hashed = length <= window.upperBound || window.contains(position)
            #expect((key.precomputedHash != other.precomputedHash) == hashed, "position \(position) of \(length)")
        }
    }

    @Test func theLengthIsHashed() {
        let long = Self.token(300)
        let shorter = Array(long.prefix(299))  // the same window: only the length differs
        #expect(TokenBytesKey(long).precomputedHash != TokenBytesKey(shorter).precomputedHash)
        #expect(TokenBytesKey(long) != TokenBytesKey(shorter))
    }
}
