import AuthZCore
import AuthZSimulation

extension MicroSuite {
    /// The authorization cache's own key and value types, with realistic sizes.
    package static func authorizationKey(_ n: Int) -> AuthorizationKey {
        let hex = String(SplitMix64.mix(UInt64(n)), radix: 16)
        let guid = "4f1c0b2a-9d3e-4c61-" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        return AuthorizationKey(authNGUID: guid, requestorID: "NBCUniversal", resourceID: "resource-\(n % 997)")
    }

    /// Hits (1 and 2 threads) and miss-then-insert for every strategy.
    package static func cacheCases(where wanted: (String) -> Bool) -> [MicroCase] {
        CacheStrategyKind.allCases.flatMap { kind in
            var cases: [MicroCase] = []
            let hits = [1, 2].map { "cache.hit.\(kind.rawValue).t\($0)" }.map(wanted)
            if hits.contains(true) {
                cases += kind.makeCache(capacity: 16_384, visitor: CacheRows(kind: kind)).filter { wanted($0.name) }
            }
            if wanted("cache.bytes_per_entry.\(kind.rawValue).1m") {
                cases.append(bytesPerEntryCase(kind, entries: 1_000_000, label: "1m"))
            }
            if wanted("cache.miss_insert.\(kind.rawValue).t1") {
                cases.append(kind.makeCache(capacity: 16_384, visitor: MissInsertRow(kind: kind)))
            }
            return cases
        }
    }

    /// `cache.bytes_per_entry.<strategy>.<label>`: a cache of capacity `entries` made and filled
    /// (`FillProbe`), its memory per entry.
    package static func bytesPerEntryCase(_ kind: CacheStrategyKind, entries: Int, label: String) -> MicroCase {
        MicroCase(
            name: "cache.bytes_per_entry.\(kind.rawValue).\(label)",
            makeSubject: { { _ in } },
            memoryProbe: { FillProbe.measure(kind, entries: entries) }
        )
    }

    /// `cache.hit.<strategy>.t1` / `.t2`: 10,000 entries in a 16,384-entry cache, every lookup a hit.
    package struct CacheRows: MicroCacheVisitor {
        package let kind: CacheStrategyKind

        package func visit<Cache: CacheStrategy>(_ cache: Cache) -> [MicroCase]
        where Cache.Key == AuthorizationKey, Cache.Value == CachedAuthorization {
            let now: Int64 = 1_800_000_000_000
            let keys = (0..<10_000).map(MicroSuite.authorizationKey)
            for key in keys {
                cache.insert(
                    CachedAuthorization(expiresAt: now + 3_600_000, msoID: "Comcast_SSO"),
                    forKey: key,
                    expiresAt: now + 3_600_000,
                    now: now
                )
            }
            // A fixed pseudo-random visiting order, different per thread.
            let order = (0..<keys.count).map { Int(SplitMix64.mix(UInt64($0)) % UInt64(keys.count)) }
            return [1, 2].map { threads in
                MicroCase(
                    name: "cache.hit.\(kind.rawValue).t\(threads)",
                    threads: threads,
                    makeSubject: {
                        let start = Int.random(in: 0..<order.count)
                        // Each thread looks up its own copies of the keys (equal, not the same storage),
                        // as two clients presenting the same tokens would: two threads copying one
                        // shared key would contend on its strings' reference counts, not on the cache.
                        let own = (0..<keys.count).map { MicroSuite.authorizationKey($0) }
                        return { n in
                            var found = 0
                            var index = start
                            for _ in 0..<n {
                                if cache.value(forKey: own[order[index]], now: now) != nil { found += 1 }
                                index += 1
                                if index == order.count { index = 0 }
                            }
                            precondition(found == n, "a hit benchmark missed")
                        }
                    }
                )
            }
        }
    }

    /// `cache.miss_insert.<strategy>.t1`: a lookup that misses, then the insert (evicting when full),
    /// over a stream of 16x capacity distinct keys.
    package struct MissInsertRow: MicroCacheVisitor {
        package let kind: CacheStrategyKind

        package func visit<Cache: CacheStrategy>(_ cache: Cache) -> MicroCase
        where Cache.Key == AuthorizationKey, Cache.Value == CachedAuthorization {
            let now: Int64 = 1_800_000_000_000
            let keys = (0..<(16 * cache.capacity)).map(MicroSuite.authorizationKey)
            let value = CachedAuthorization(expiresAt: now + 3_600_000, msoID: "Comcast_SSO")
            return MicroCase(
                name: "cache.miss_insert.\(kind.rawValue).t1",
                makeSubject: {
                    let cursor = LoopCursor()
                    return { n in
                        var index = cursor.position
                        defer { cursor.position = index }
                        for _ in 0..<n {
                            let key = keys[index]
                            if cache.value(forKey: key, now: now) == nil {
                                cache.insert(value, forKey: key, expiresAt: now + 3_600_000, now: now)
                            }
                            index += 1
                            if index == keys.count { index = 0 }
                        }
                    }
                }
            )
        }
    }
}

/// Fills an authorization cache with `entries` entries (keys and values made during the fill, so
/// the figures count everything the cache keeps alive) and measures the memory it took.
///
/// The memory is counted from before the cache is made: a cache allocates its slots for its whole
/// capacity when it is made (entries are stored inline, so the fill itself allocates almost
/// nothing), and only the pages the fill writes become resident. Counted over the fill alone,
/// malloc's figure would be about 0 while the resident set grows by the slots written.
package struct FillProbe: MicroCacheVisitor {
    /// Entries to insert, and the capacity of the cache.
    package let entries: Int
    /// The resident set before the cache was made, bytes.
    package let residentBefore: Int
    /// Malloc's bytes in use before the cache was made.
    package let heapBefore: Int

    /// Makes a cache of strategy `kind` and capacity `entries`, fills it, and reports its memory
    /// from before it was made.
    package static func measure(_ kind: CacheStrategyKind, entries: Int) -> MemoryFigures {
        ProcessMemory.trim()
        let probe = FillProbe(
            entries: entries,
            residentBefore: ProcessMemory.residentBytes,
            heapBefore: ProcessMemory.heapBytesInUse()
        )
        return kind.makeCache(capacity: entries, visitor: probe)
    }

    /// Fills `cache` (just made, empty) and measures it.
    package func visit<Cache: CacheStrategy>(_ cache: Cache) -> MemoryFigures
    where Cache.Key == AuthorizationKey, Cache.Value == CachedAuthorization {
        let now: Int64 = 1_800_000_000_000
        let start = MonotonicClock.nanoseconds()
        for n in 0..<entries {
            cache.insert(
                CachedAuthorization(expiresAt: now + 3_600_000, msoID: "Comcast_SSO"),
                forKey: MicroSuite.authorizationKey(n),
                expiresAt: now + 3_600_000,
                now: now
            )
        }
        let elapsed = MonotonicClock.nanoseconds() - start
        // Per-shard bounds may evict a few entries before the whole cache is full: divide by what it holds.
        let held = cache.count
        precondition(held > entries * 9 / 10, "the fill kept only \(held) of \(entries) entries")
        return withExtendedLifetime(cache) {
            MemoryFigures(
                entries: held,
                nanoseconds: elapsed,
                rssDelta: ProcessMemory.residentBytes - residentBefore,
                heapDelta: ProcessMemory.heapBytesInUse() - heapBefore
            )
        }
    }
}

/// A visitor of a cache with the authorization cache's own key and value types, as every cache row
/// uses (see `MicroSuite.authorizationKey`).
package protocol MicroCacheVisitor: CacheStrategyVisitor
where Key == AuthorizationKey, Value == CachedAuthorization {}
