import AuthZCore
import AuthZSimulation
import Foundation
import Testing

@Suite("Base64: strict RFC 4648, checked against Foundation")
struct Base64Tests {
    @Test func agreesWithFoundationOnRandomInputs() throws {
        var rng = SeededGenerator(seed: 64)
        for length in 0...100 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let ours = Base64.encode(bytes)
                #expect(ours == Data(bytes).base64EncodedString())
                #expect(Base64.encodeBytes(bytes) == Array(ours.utf8))
                #expect(Base64.encode(bytes[...]) == ours)  // a non-Array collection
                #expect(Base64.decode(ours) == bytes)
                let foundation = try #require(Data(base64Encoded: ours))
                #expect([UInt8](foundation) == bytes)
            }
        }
    }

    @Test func knownVectors() {
        let vectors = [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
    }

    @Test(arguments: [
        "Zg", "Zg=", "Zh==", "Zm9=", "Zm9vYg", "Zm9v\n", " Zm9v", "Zm-v", "Zm_v", "Z===", "====",
        "Zg==Zg==", "Zm9vY===", "Zm=v", "=Zm9",
    ])
    func strictDecodingRejects(text: String) {
        #expect(Base64.decode(text) == nil)
        #expect(Array(text.utf8).withUnsafeBytes { Base64.decode($0) } == nil)
    }
}
