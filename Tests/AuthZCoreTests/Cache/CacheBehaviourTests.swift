import AuthZCore
import Testing

@Suite("Cache strategies: shared behaviour")
struct CacheBehaviourTests {
    struct HitAndMiss: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            #expect(cache.value(forKey: 1, now: 0) == nil)
            cache.insert("one", forKey: 1, expiresAt: 1_000, now: 0)
            #expect(cache.value(forKey: 1, now: 10) == "one")
            #expect(cache.value(forKey: 2, now: 10) == nil)
            let stats = cache.stats
            #expect(stats.hits == 1 && stats.misses == 2 && stats.inserts == 1)
            #expect(stats.hitRatio == 1.0 / 3.0)
            expectConsistent(stats, lookups: 3, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func hitAndMiss(kind: CacheStrategyKind) { kind.run(capacity: 64, HitAndMiss()) }

    struct Replace: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            cache.insert("old", forKey: 7, expiresAt: 100, now: 0)
            cache.insert("new", forKey: 7, expiresAt: 200, now: 50)
            #expect(cache.count == 1)
            #expect(cache.value(forKey: 7, now: 150) == "new")  // the new expiry applies
            #expect(cache.value(forKey: 7, now: 201) == nil)
            let stats = cache.stats
            #expect(stats.inserts == 2 && stats.replacements == 1 && stats.evictions == 0)
            #expect(stats.expirations == 1)
            expectConsistent(stats, lookups: 2, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func insertOfPresentKeyReplacesValueAndExpiry(kind: CacheStrategyKind) {
        kind.run(capacity: 64, Replace())
    }

    struct EvictsWhenFull: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            for key in 0...cache.capacity {
                cache.insert("v\(key)", forKey: key, expiresAt: .max, now: 0)
            }
            let stats = cache.stats
            #expect(cache.count <= cache.capacity)
            #expect(stats.evictions >= 1)
            #expect(stats.expirations == 0)
            expectConsistent(stats, lookups: 0, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func evictsWhenFull(kind: CacheStrategyKind) { kind.run(capacity: 8, EvictsWhenFull()) }

    struct ExpiredNeverReturned: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            cache.insert("a", forKey: 1, expiresAt: 100, now: 0)
            #expect(cache.value(forKey: 1, now: 100) == "a")  // expiry is inclusive
            #expect(cache.value(forKey: 1, now: 101) == nil)
            #expect(cache.value(forKey: 1, now: 50) == nil)  // removed, even if the clock goes back
            #expect(cache.count == 0)
            let stats = cache.stats
            #expect(stats.expirations == 1 && stats.hits == 1 && stats.misses == 2)
            expectConsistent(stats, lookups: 3, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func expiredEntryIsNeverReturned(kind: CacheStrategyKind) {
        kind.run(capacity: 64, ExpiredNeverReturned())
    }

    struct CapacityNeverExceeded: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            var lookups = 0
            var overCapacity = 0
            for key in 0..<(100 * cache.capacity) {
                cache.insert("v", forKey: key, expiresAt: .max, now: 0)
                if cache.count > cache.capacity { overCapacity += 1 }
                if key % 3 == 0 {
                    _ = cache.value(forKey: key / 2, now: 0)
                    lookups += 1
                }
            }
            #expect(overCapacity == 0)
            let stats = cache.stats
            #expect(stats.evictions >= 99 * cache.capacity)
            expectConsistent(stats, lookups: lookups, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases, [1, 3, 16, 100])
    func capacityIsNeverExceededByAStreamOfUniqueKeys(kind: CacheStrategyKind, capacity: Int) {
        kind.run(capacity: capacity, CapacityNeverExceeded())
    }

    struct StatsAddUp: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            var random = TestRandom(seed: 42)
            var lookups = 0
            var now: Int64 = 0
            for _ in 0..<5_000 {
                now += Int64(random.next(below: 3))
                let key = random.next(below: 48)
                switch random.next(below: 10) {
                case 0..<5:
                    _ = cache.value(forKey: key, now: now)
                    lookups += 1
                case 5..<9:
                    cache.insert("v", forKey: key, expiresAt: now + Int64(random.next(below: 40)), now: now)
                default:
                    cache.removeValue(forKey: key)
                }
            }
            let stats = cache.stats
            #expect(stats.expirations > 0 && stats.evictions > 0 && stats.removals > 0)
            #expect(stats.replacements > 0 && stats.hits > 0)
            expectConsistent(stats, lookups: lookups, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func statsAddUpOverAMixedStream(kind: CacheStrategyKind) { kind.run(capacity: 16, StatsAddUp()) }

    struct RemoveValueAndRemoveAll: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            for key in 0..<3 { cache.insert("v\(key)", forKey: key, expiresAt: .max, now: 0) }
            #expect(cache.removeValue(forKey: 1) == "v1")
            #expect(cache.removeValue(forKey: 1) == nil)
            #expect(cache.value(forKey: 1, now: 0) == nil)
            #expect(cache.value(forKey: 0, now: 0) == "v0")
            #expect(cache.count == 2)
            cache.removeAll()
            #expect(cache.count == 0)
            #expect(cache.value(forKey: 0, now: 0) == nil)
            #expect(cache.value(forKey: 2, now: 0) == nil)
            cache.insert("again", forKey: 2, expiresAt: .max, now: 0)
            #expect(cache.value(forKey: 2, now: 0) == "again")
            let stats = cache.stats
            #expect(stats.removals == 3)
            expectConsistent(stats, lookups: 5, count: cache.count, capacity: cache.capacity)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func removeValueAndRemoveAll(kind: CacheStrategyKind) {
        kind.run(capacity: 64, RemoveValueAndRemoveAll())
    }

    struct MemoryEstimateGrows: CacheTestBody {
        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            for key in 0..<cache.capacity { cache.insert("v", forKey: key, expiresAt: .max, now: 0) }
            let stats = cache.stats
            // Each entry holds at least a key and a value inline.
            #expect(stats.approximateBytes >= stats.entries * (MemoryLayout<Int>.stride + MemoryLayout<String>.stride))
            #expect(stats.bytesPerEntry < 1_000)
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func memoryEstimateCoversEveryEntry(kind: CacheStrategyKind) {
        kind.run(capacity: 1_000, MemoryEstimateGrows())
    }
}
