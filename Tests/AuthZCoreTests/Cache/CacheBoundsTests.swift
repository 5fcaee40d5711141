import AuthZCore
import AuthZSimulation
import Testing

/// A cache of token-bytes keys fed a stream of unique keys, checked at every checkpoint.
struct UniqueTokenStream: CacheStrategyVisitor {
    typealias Key = TokenBytesKey
    typealias Value = Int
    typealias Result = Void
    let capacity: Int
    let multiple: Int

    func visit<Cache: CacheStrategy>(_ cache: Cache) where Cache.Key == Key, Cache.Value == Value {
        let now: Int64 = 1_000_000
        let total = capacity * multiple
        var maximum = 0
        for i in 0..<total {
            // Unique bytes that all share their first 64 and last 16 bytes (the slot-hash window of
            // `TokenBytesKey`): the worst case for its hash, since they all land in one slot chain.
            var bytes = [UInt8](repeating: UInt8(ascii: "A"), count: 64)
            bytes += Array("\(i)".utf8)
            bytes += [UInt8](repeating: UInt8(ascii: "Z"), count: 16)
            let key = TokenBytesKey(bytes)
            _ = cache.value(forKey: key, now: now)
            // A third expire almost at once, so expiry churn and capacity eviction mix.
            cache.insert(i, forKey: key, expiresAt: i % 3 == 0 ? now : now + 1_000_000, now: now + Int64(i / 100))
            if i % 97 == 0 || i == total - 1 {
                let stats = cache.stats
                maximum = max(maximum, stats.entries)
                #expect(cache.count <= capacity, "count \(cache.count) over capacity \(capacity) after \(i + 1) keys")
                #expect(stats.entries <= capacity)
                #expect(
                    stats.inserts - stats.replacements - stats.evictions - stats.expirations - stats.removals
                        == stats.entries
                )
            }
        }
        let stats = cache.stats
        #expect(stats.inserts == total)
        #expect(stats.evictions + stats.expirations >= total - capacity, "entries left without being counted")
        #expect(maximum > 0)
    }
}

@Suite("Bounds: unique-key streams 50x the capacity stay within every bound")
struct CacheBoundsTests {
    @Test(arguments: CacheStrategyKind.allCases)
    func everyCacheStrategyStaysWithinItsCapacity(kind: CacheStrategyKind) {
        kind.makeCache(capacity: 64, visitor: UniqueTokenStream(capacity: 64, multiple: 50))
    }

    @Test(arguments: [OverflowPolicy.rejectNew, .dropOldestGeneration])
    func expiringKeySetsStayWithinTheirCapacityUnderFullyHashedKeys(policy: OverflowPolicy) {
        // The negative cache's key type, with unique attacker bytes.
        let capacity = 64
        let set = ExpiringKeySet<FullyHashedTokenKey>(capacity: capacity, policy: policy)
        for i in 0..<(capacity * 50) {
            let outcome = set.insert(
                FullyHashedTokenKey(Array("forged-\(i)".utf8)),
                expiresAt: 10_000_000,
                now: Int64(i)
            )
            if outcome == .alreadyPresent { Issue.record("unique key \(i) reported as present") }
            if i % 50 == 0 { #expect(set.stats.entries <= capacity) }
        }
        let stats = set.stats
        #expect(stats.entries <= capacity)
        switch policy {
        case .rejectNew: #expect(stats.inserted + stats.rejectedFull == capacity * 50)
        case .dropOldestGeneration: #expect(stats.dropped == stats.inserted - stats.entries)
        }
    }

    @Test func aDeviceStoreHoldsOneTokenPerBucketAndResourceHoweverOftenReissued() throws {
        var store = DeviceTokenStore()
        let device = EngineFixture<
            MutexCache<TokenBytesKey, VerifiedAuthN>, MutexCache<AuthorizationKey, CachedAuthorization>
        >
        .device(1)
        let expires = TokenDate(epochMillis: 1_900_000_000_000)
        for i in 0..<500 {
            let authN = TokenBody.authn(
                AuthNTokenBody(
                    guid: "guid-\(i)",
                    requestorID: "NBC",
                    domainName: "example.com",
                    expires: expires,
                    msoID: "Comcast",
                    fingerprint: String(repeating: "a", count: 64)
                )
            )
            store.store(authN, bytes: Array("authn-\(i)".utf8), deviceID: device)
            let authZ = TokenBody.authz(
                AuthZTokenBody(
                    requestorID: "NBC",
                    resourceID: "resource-\(i % 4)",
                    expires: expires,
                    msoID: "Comcast",
                    fingerprint: String(repeating: "a", count: 64)
                )
            )
            store.store(authZ, bytes: Array("authz-\(i)".utf8), deviceID: device)
            #expect(store.count <= 5, "one authN + one authZ per resource (4) in the one bucket")
        }
        #expect(store.allAuthNTokens.count == 1)
        store.logout()
        #expect(store.count == 0)
    }
}
