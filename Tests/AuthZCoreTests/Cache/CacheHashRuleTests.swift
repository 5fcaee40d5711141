import AuthZCore
import Testing

/// The one hashing rule of every cache strategy: a precomputed-hash key's own hash, never run
/// through `Hasher` again; and the one `hash(into:)` of such keys.
@Suite("Cache hash rule: precomputed hashes are used as they are")
struct CacheHashRuleTests {
    static let guid = "4f1c0b2a-9d3e-4c61-8a57-100000000042"

    /// `Hasher` fed exactly `value`: what the default `hash(into:)` must produce.
    static func hashed(_ value: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(value)
        return hasher.finalize()
    }

    @Test func precomputedHashKeysAreHashedByTheirOwnHash() {
        let authorization = AuthorizationKey(
            authNGUID: Self.guid,
            requestorID: "NBCUniversal",
            resourceID: "resource-7"
        )
        let token = TokenBytesKey(Array("token-bytes".utf8))
        let fully = FullyHashedTokenKey(Array("forged-token".utf8))
        let guid = AuthNGUID(Self.guid)
        #expect(cacheHash(authorization) == UInt64(UInt(bitPattern: authorization.precomputedHash)))
        #expect(cacheHash(token) == UInt64(UInt(bitPattern: token.precomputedHash)))
        #expect(cacheHash(fully) == UInt64(UInt(bitPattern: fully.precomputedHash)))
        #expect(cacheHash(guid) == UInt64(UInt(bitPattern: guid.precomputedHash)))
        // `Set` and `Dictionary` see the same hash, once through `Hasher`.
        #expect(authorization.hashValue == Self.hashed(authorization.precomputedHash))
        #expect(token.hashValue == Self.hashed(token.precomputedHash))
        #expect(fully.hashValue == Self.hashed(fully.precomputedHash))
        #expect(guid.hashValue == Self.hashed(guid.precomputedHash))
    }

    @Test func otherKeysAreHashedByTheirHashValue() {
        #expect(cacheHash(42) == UInt64(UInt(bitPattern: 42.hashValue)))
        #expect(cacheHash("resource-7") == UInt64(UInt(bitPattern: "resource-7".hashValue)))
    }

    @Test func equalGUIDsInSeparateStorageHaveOneHash() {
        let copy = String(decoding: Array(Self.guid.utf8), as: UTF8.self)
        #expect(AuthNGUID(Self.guid).precomputedHash == AuthNGUID(copy).precomputedHash)
        #expect(AuthNGUID(Self.guid).precomputedHash != AuthNGUID(String(Self.guid.dropLast())).precomputedHash)
    }
}
