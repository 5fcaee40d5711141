import AuthZCore
import Testing

@Suite("LIRS: LIR set, HIR queue, stack pruning and bound")
struct LIRSCacheTests {
    /// Worked by hand from the paper's rules; capacity 3: 2 LIR places, 1 HIR resident.
    @Test func promotionDemotionAndPruningFollowThePaper() {
        let cache = LIRSCache<String, Int>(capacity: 3)
        // A, B join the LIR set while it has room; C is the HIR resident; D evicts C, whose entry
        // stays in S as non-resident. S (newest first): D C(n) B A; Q: D.
        for key in ["A", "B", "C", "D"] { cache.insert(0, forKey: key, expiresAt: .max, now: 0) }
        #expect(cache.withCore { $0.segments.queue } == ["D"])
        // C again: a miss that S remembers, so C becomes LIR (evicting D, Q's oldest), and the
        // bottom LIR key A becomes HIR. S: C D(n) B; Q: A.
        #expect(cache.value(forKey: "C", now: 0) == nil)
        cache.insert(0, forKey: "C", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.segments.queue } == ["A"])
        #expect(cache.withCore { $0.segments.lirCount } == 2)
        #expect(cache.withCore { $0.segments.stackCount } == 3)
        // A (HIR, not in S): a hit that puts it back on S. S: A C D(n) B.
        #expect(cache.value(forKey: "A", now: 0) == 0)
        #expect(cache.withCore { $0.segments.stackCount } == 4)
        // A again, now in S: it becomes LIR; B, the bottom LIR key, becomes HIR; D(n) is pruned.
        // S: A C; Q: B.
        #expect(cache.value(forKey: "A", now: 0) == 0)
        #expect(cache.withCore { $0.segments.queue } == ["B"])
        #expect(cache.withCore { $0.segments.stackCount } == 2)
        // E evicts B (Q's oldest, not in S: forgotten).
        cache.insert(0, forKey: "E", expiresAt: .max, now: 0)
        #expect(cache.value(forKey: "B", now: 0) == nil)
        #expect(["A", "C", "E"].allSatisfy { cache.value(forKey: $0, now: 0) == 0 })
        #expect(cache.stats.evictions == 3)
        expectConsistent(cache.stats, lookups: 7, count: cache.count, capacity: 3)
    }

    /// Ten passes of a loop over 150 keys through `cache` (lookup, insert on a miss); its hits.
    func loopHits<C: CacheStrategy>(_ cache: C) -> Int where C.Key == Int, C.Value == Int {
        for _ in 0..<10 {
            for key in 0..<150 where cache.value(forKey: key, now: 0) == nil {
                cache.insert(key, forKey: key, expiresAt: .max, now: 0)
            }
        }
        expectConsistent(cache.stats, lookups: 1_500, count: cache.count, capacity: 100)
        return cache.stats.hits
    }

    /// A loop over 150 keys through 100 places: LRU never hits, LIRS keeps 99 keys for good.
    @Test func aLoopLargerThanTheCacheKeepsTheLIRSet() {
        #expect(loopHits(LRUCache<Int, Int>(capacity: 100)) == 0)
        #expect(loopHits(LIRSCache<Int, Int>(capacity: 100)) == 9 * 99)
    }

    /// Non-resident entries are bounded: S never holds more than 2 x capacity entries.
    @Test func theStackStaysWithinTwiceTheCapacity() {
        let cache = LIRSCache<Int, Int>(capacity: 50)
        var largest = 0
        for key in 0..<10_000 {
            for k in [key, key % 37] where cache.value(forKey: k, now: 0) == nil {
                cache.insert(k, forKey: k, expiresAt: .max, now: 0)
            }
            largest = max(largest, cache.withCore { $0.segments.stackCount })
        }
        #expect(largest == 100)
        #expect(cache.count == 50)
    }

    /// Expiry and removal take entries out of S and Q alike; the cache keeps working at capacity.
    @Test func expiryAndRemovalKeepTheStructuresConsistent() {
        let cache = LIRSCache<Int, Int>(capacity: 40)
        var random = TestRandom(seed: 11)
        var lookups = 0
        for step in 0..<20_000 {
            let key = random.next(below: 120)
            switch random.next(below: 10) {
            case 0: _ = cache.removeValue(forKey: key)
            default:
                lookups += 1
                if cache.value(forKey: key, now: Int64(step)) == nil {
                    // Some entries expire soon after their insert.
                    let ttl = Int64(random.next(below: 2) == 0 ? 5 : 1_000_000)
                    cache.insert(key, forKey: key, expiresAt: Int64(step) + ttl, now: Int64(step))
                }
            }
            let (queue, lirCount, stackCount) = cache.withCore { $0.segments }
            #expect(queue.count + lirCount == cache.count)
            #expect(stackCount <= 80)
        }
        #expect(cache.stats.expirations > 0 && cache.stats.removals > 0 && cache.stats.evictions > 0)
        expectConsistent(cache.stats, lookups: lookups, count: cache.count, capacity: 40)
    }
}
