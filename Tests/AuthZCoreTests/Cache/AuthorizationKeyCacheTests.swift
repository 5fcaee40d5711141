import AuthZCore
import Testing

/// Every strategy finds an authorization by a key built again from equal parts (inline and
/// digest-form keys alike), and never by a key whose parts differ.
@Suite("Authorization keys in every cache strategy")
struct AuthorizationKeyCacheTests {
    struct LookUps: CacheStrategyVisitor {
        typealias Key = AuthorizationKey
        typealias Value = CachedAuthorization

        func visit<Cache: CacheStrategy>(_ cache: Cache)
        where Cache.Key == AuthorizationKey, Cache.Value == CachedAuthorization {
            let now: Int64 = 1_800_000_000_000
            let guid = "4f1c0b2a-9d3e-4c61-8a57-100000000042"
            let long = String(repeating: "resource-", count: 8)  // 36 + 12 + 72 bytes: digest form
            let parts = [("NBCUniversal", "resource-7"), ("NBCUniversal", long), ("", ""), ("日本語", "ресурс")]
            for (index, (requestor, resource)) in parts.enumerated() {
                let key = AuthorizationKey(authNGUID: guid, requestorID: requestor, resourceID: resource)
                cache.insert(
                    CachedAuthorization(expiresAt: now + 1_000, msoID: "mso-\(index)"),
                    forKey: key,
                    expiresAt: now + 1_000,
                    now: now
                )
            }
            for (index, (requestor, resource)) in parts.enumerated() {
                let again = AuthorizationKey(
                    authNGUID: String(decoding: Array(guid.utf8), as: UTF8.self),
                    requestorID: String(decoding: Array(requestor.utf8), as: UTF8.self),
                    resourceID: String(decoding: Array(resource.utf8), as: UTF8.self)
                )
                #expect(cache.value(forKey: again, now: now)?.msoID == "mso-\(index)")
                // The same concatenation split elsewhere, and one byte more, are other keys.
                let shifted = AuthorizationKey(authNGUID: guid, requestorID: requestor + "x", resourceID: resource)
                #expect(cache.value(forKey: shifted, now: now) == nil)
                let moved = AuthorizationKey(authNGUID: guid + requestor, requestorID: "", resourceID: resource)
                #expect(requestor.isEmpty || cache.value(forKey: moved, now: now) == nil)
            }
            #expect(cache.count == parts.count)
        }
    }

    @Test("equal parts hit, other parts miss", arguments: CacheStrategyKind.allCases)
    func lookUps(kind: CacheStrategyKind) {
        kind.makeCache(capacity: 64, visitor: LookUps())
    }
}
