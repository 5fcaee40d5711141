import AuthZCore
import Testing

@Suite("HMAC-SHA256 resumed after a common first block equals the plain MAC")
struct HMACPrefixStateTests {
    static let block: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    static func mac(_ state: HMACSHA256PrefixState, _ message: [UInt8]) -> SHA256Digest {
        message.withUnsafeBytes { state.authenticationCode(for: $0) }
    }

    /// Messages that begin with the block (every tail length over three blocks), that differ from
    /// it in its first or its last byte, and that are shorter than it.
    @Test(arguments: [0, 1, 32, 64, 65, 200])
    func everyMessageGetsThePlainMAC(keyLength: Int) throws {
        let key = try HMACSHA256Key(key: (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        let state = try #require(Self.block.withUnsafeBytes { HMACSHA256PrefixState(key: key, block: $0) })
        for tailLength in 0...200 {
            let tail = (0..<tailLength).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ tailLength) }
            var firstDiffers = Self.block + tail
            firstDiffers[0] ^= 1
            var lastDiffers = Self.block + tail
            lastDiffers[63] ^= 0x80
            let shorter = Array(Self.block.prefix(tailLength % 64))
            for message in [Self.block + tail, firstDiffers, lastDiffers, shorter] {
                #expect(Self.mac(state, message) == key.authenticationCode(for: message))
            }
        }
    }

    @Test(arguments: [0, 63, 65, 128])
    func onlyOneWholeBlockCanBeResumedAfter(length: Int) throws {
        let key = try HMACSHA256Key(key: Array("key".utf8))
        let block = [UInt8](repeating: 0x41, count: length)
        #expect(block.withUnsafeBytes { HMACSHA256PrefixState(key: key, block: $0) } == nil)
    }
}

@Suite("Minting: an issuer resumed after the engine's common body prefix signs the same tokens")
struct ResumedIssuerTests {
    static let sessionPrefix: UInt64 = 0x0123_4567_89AB_CDEF

    static func uuid(_ high: UInt64, _ low: UInt64) -> String {
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return [
            hex(high >> 32, 8), hex(high >> 16 & 0xFFFF, 4), hex(high & 0xFFFF, 4), hex(low >> 48, 4),
            hex(low & 0xFFFF_FFFF_FFFF, 12),
        ].joined(separator: "-")
    }

    /// Sessions below 2^40 begin with the common prefix (and take the resumed MAC); from 2^40 on
    /// they do not (and take the plain one). The tokens are the same bytes either way.
    @Test(arguments: [1, (1 << 40) - 1, 1 << 40, 1 << 48, UInt64.max] as [UInt64])
    func tokensAreTheSameBytes(counter: UInt64) throws {
        let key = SigningKey(hmacSecret: Array("media-signing-secret".utf8))
        let prefix = TokenSerializer.mediaBodyCommonPrefix(sessionPrefix: Self.sessionPrefix)
        #expect(prefix.count == 64)
        let resumed = prefix.withUnsafeBytes { TokenIssuer(key: key, commonBodyPrefix: $0) }
        let body = TokenBody.media(
            MediaTokenBody(
                sessionGUID: Self.uuid(Self.sessionPrefix, counter),
                requestorID: "NBCUniversal",
                resourceID: "nbc-sunday-night-football",
                ttlMillis: 300_000,
                issueTimeMillis: 1_800_000_000_000,
                mvpdID: "Comcast_SSO"
            )
        )
        #expect(TokenSerializer.bodyBytes(body).starts(with: prefix) == (counter < 1 << 40))
        #expect(try resumed.issue(body) == TokenIssuer(key: key).issue(body))
    }

    /// An issuer given a prefix signs with a public-key algorithm as without one.
    @Test func otherAlgorithmsIgnoreThePrefix() throws {
        let key = try SigningKey.generate(.ed25519)
        let prefix = TokenSerializer.mediaBodyCommonPrefix(sessionPrefix: Self.sessionPrefix)
        let resumed = prefix.withUnsafeBytes { TokenIssuer(key: key, commonBodyPrefix: $0) }
        let body = TokenBody.media(
            MediaTokenBody(
                sessionGUID: Self.uuid(Self.sessionPrefix, 1),
                requestorID: "r",
                resourceID: "s",
                ttlMillis: 1,
                issueTimeMillis: 2,
                mvpdID: "m"
            )
        )
        #expect(try resumed.issue(body) == TokenIssuer(key: key).issue(body))
    }
}
