import AuthZCore
import Testing

/// The cache keys' equality: the same bytes in every part, whatever the strings' storage.
@Suite("Cache key equality")
struct CacheKeyEqualityTests {
    /// A copy of `text` in storage of its own (never the same object, even for long strings).
    static func separate(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    static let guid = "4f1c0b2a-9d3e-4c61-8a57-100000000042"

    @Test(
        "equal bytes in separate storage are equal",
        arguments: [
            "", "a", "NBCUniversal", "resource-123456789", guid, String(repeating: "x", count: 300), "café-é",
        ]
    )
    func equalBytes(text: String) {
        let copy = Self.separate(text)
        #expect(UTF8Equality.equal(text, copy))
        #expect(UTF8Equality.equal(copy, text))
        #expect(AuthNGUID(text) == AuthNGUID(copy))
    }

    @Test(
        "one different byte, a different length or a prefix is a different key",
        arguments: [
            (guid, "4f1c0b2a-9d3e-4c61-8a57-100000000043"),
            (guid, "5f1c0b2a-9d3e-4c61-8a57-100000000042"),
            (guid, String(guid.dropLast())),
            ("resource-1", "resource-10"),
            ("", "a"),
            ("short", "a-much-longer-heap-allocated-identifier"),
        ]
    )
    func differentBytes(pair: (String, String)) {
        let (a, b) = (Self.separate(pair.0), Self.separate(pair.1))
        #expect(!UTF8Equality.equal(a, b))
        #expect(!UTF8Equality.equal(b, a))
    }

    @Test("canonically equivalent spellings with different bytes are different keys (a miss, never a wrong hit)")
    func canonicalEquivalenceIsNotByteEquality() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)  // Swift's String equality
        #expect(!UTF8Equality.equal(composed, decomposed))
    }

    @Test("authorization keys: equal parts are one key; any part differing is another")
    func authorizationKeys() {
        let key = AuthorizationKey(authNGUID: Self.guid, requestorID: "NBCUniversal", resourceID: "resource-7")
        let same = AuthorizationKey(
            authNGUID: Self.separate(Self.guid),
            requestorID: Self.separate("NBCUniversal"),
            resourceID: Self.separate("resource-7")
        )
        #expect(key == same)
        #expect(key.hashValue == same.hashValue)
        // Moving a byte between parts keeps the concatenation but is a different key.
        let shifted = AuthorizationKey(authNGUID: Self.guid, requestorID: "NBCUniversalr", resourceID: "esource-7")
        #expect(key != shifted)
        #expect(key != AuthorizationKey(authNGUID: Self.guid, requestorID: "NBCUniversal", resourceID: "resource-8"))
        #expect(
            key != AuthorizationKey(authNGUID: Self.guid + "0", requestorID: "NBCUniversal", resourceID: "resource-7")
        )
    }
}
