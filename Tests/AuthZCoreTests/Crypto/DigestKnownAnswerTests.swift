import AuthZCore
import Foundation
import Testing

@Suite("SHA-256 and HMAC-SHA256 known answers")
struct DigestKnownAnswerTests {
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func fips180Vectors(message: String, expected: String) {
        let digest = SHA256.hash(Array(message.utf8))
        #expect(digest.hexString == expected)
        #expect(SHA256Digest(hexString: expected) == digest)
        #expect(SHA256Digest(hexString: expected.uppercased()) == digest)
    }

    @Test func oneMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hash(message).hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hexRoundTripAndRejection() throws {
        let digest = SHA256.hash(Array("abc".utf8))
        let hex = digest.withHexBytes { String(decoding: $0, as: UTF8.self) }
        #expect(hex == digest.hexString)
        #expect(digest.bytes.count == 32)
        #expect(SHA256Digest(bytes: digest.bytes) == digest)
        #expect(SHA256Digest(hexString: String(hex.dropLast())) == nil)
        #expect(SHA256Digest(hexString: hex + "0") == nil)
        #expect(SHA256Digest(hexString: String(hex.dropLast()) + "g") == nil)
        #expect(SHA256Digest(bytes: [1, 2, 3]) == nil)
    }

    /// RFC 4231 test cases 1-7 (case 5 compares the first 16 bytes).
    @Test(arguments: [
        (
            1, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            2, "4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            3, String(repeating: "aa", count: 20), String(repeating: "dd", count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            4, "0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            5, String(repeating: "0c", count: 20), "546573742057697468205472756e636174696f6e",
            "a3b6167473100ee06e0c796c2955552b"
        ),
        (
            6, String(repeating: "aa", count: 131),
            "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            7, String(repeating: "aa", count: 131),
            "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ])
    func rfc4231(testCase: Int, keyHex: String, dataHex: String, expectedHex: String) throws {
        let key = try HMACSHA256Key(key: TestSupport.bytes(hex: keyHex))
        let data = TestSupport.bytes(hex: dataHex)
        let mac = key.authenticationCode(for: data)
        #expect(mac.hexString.hasPrefix(expectedHex), "RFC 4231 case \(testCase)")
        // Each MAC starts from copies of the key's states: a second call must agree.
        #expect(key.authenticationCode(for: data) == mac)
        let macBytes = mac.bytes
        data.withUnsafeBytes { message in
            macBytes.withUnsafeBytes { #expect(key.isValidAuthenticationCode($0, for: message)) }
            Array(macBytes.prefix(16)).withUnsafeBytes { #expect(!key.isValidAuthenticationCode($0, for: message)) }
            for flipped in TestSupport.flippedCopies(macBytes) {
                flipped.withUnsafeBytes { #expect(!key.isValidAuthenticationCode($0, for: message)) }
            }
        }
    }

    /// The digit-pair table: every byte value, in every position of a digest, as `%02x` writes it.
    @Test func hexOfEveryByteValue() throws {
        for first in stride(from: 0, to: 256, by: 32) {
            let bytes = (first..<(first + 32)).map { UInt8(($0 &* 5) & 0xFF) }  // a permutation of 0...255
            let digest = try #require(SHA256Digest(bytes: bytes))
            let expected = bytes.map { String(format: "%02x", $0) }.joined()
            #expect(digest.hexString == expected)
            #expect(Fingerprint(mac: digest).hexString == expected)
            #expect(SHA256Digest(hexString: expected) == digest)
        }
    }

    @Test func emptyKeyAndInterleavedKeysStayIndependent() throws {
        let empty = try HMACSHA256Key(key: [UInt8]())
        let other = try HMACSHA256Key(key: Array("key".utf8))
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        for _ in 0..<3 {
            #expect(
                empty.authenticationCode(for: [UInt8]()).hexString
                    == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"
            )
            #expect(
                other.authenticationCode(for: message).hexString
                    == "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
            )
        }
    }

    @Test func constantTimeEquals() {
        let a: [UInt8] = [1, 2, 3]
        let b: [UInt8] = [1, 2, 4]
        let empty: [UInt8] = []
        a.withUnsafeBytes { left in
            #expect(ConstantTime.equals(left, left))
            b.withUnsafeBytes { #expect(!ConstantTime.equals(left, $0)) }
            Array(a.prefix(2)).withUnsafeBytes { #expect(!ConstantTime.equals(left, $0)) }
        }
        empty.withUnsafeBytes { #expect(ConstantTime.equals($0, UnsafeRawBufferPointer(start: nil, count: 0))) }
    }

    /// The unrolled comparison: every length up to 300 (the 128-byte steps, each shorter step and
    /// the overlapping last 16 bytes), a difference at every position, with both buffers 16-byte
    /// aligned (`offset` 0: aligned loads) and not (`offset` 1 and 8, in one buffer or both).
    @Test(arguments: [(0, 0), (1, 1), (0, 8), (1, 0)])
    func constantTimeEqualsFindsEveryDifference(leftOffset: Int, rightOffset: Int) {
        for length in 0...300 {
            let left =
                [UInt8](repeating: 0, count: leftOffset)
                + (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var right = [UInt8](repeating: 0xFF, count: rightOffset) + left[leftOffset...]
            left.withUnsafeBytes { l in
                let l = UnsafeRawBufferPointer(rebasing: l[leftOffset...])
                right.withUnsafeBytes {
                    #expect(ConstantTime.equals(l, UnsafeRawBufferPointer(rebasing: $0[rightOffset...])))
                }
            }
            for position in 0..<length {
                right[rightOffset + position] ^= 0x40
                left.withUnsafeBytes { l in
                    let l = UnsafeRawBufferPointer(rebasing: l[leftOffset...])
                    right.withUnsafeBytes {
                        let r = UnsafeRawBufferPointer(rebasing: $0[rightOffset...])
                        #expect(!ConstantTime.equals(l, r), "length \(length) at \(position)")
                    }
                }
                right[rightOffset + position] ^= 0x40
            }
        }
    }
}
