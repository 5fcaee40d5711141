import Testing
import AuthZCore

@Suite("S3-FIFO and adaptive W-TinyLFU: queues, ghost, climber")
struct S3FIFOCacheTests {
    @Test func aScanPassesThroughTheSmallQueueAndLeavesMainAlone() {
        let cache = S3FIFOCache<Int, Int>(capacity: 100)  // small 10, main 90, ghost 90
        // Fill: 10 keys in the small queue, then 90 straight into main (the warm-up rule).
        for key in 0..<100 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        for key in 10..<100 { _ = cache.value(forKey: key, now: 0) }  // main's keys hit once
        // A scan of one-hit wonders only cycles the small queue.
        for key in 1_000..<3_000 where cache.value(forKey: key, now: 0) == nil {
            cache.insert(key, forKey: key, expiresAt: .max, now: 0)
        }
        #expect((10..<100).allSatisfy { cache.value(forKey: $0, now: 0) == $0 })
        #expect(cache.count == 100)
        let (small, main) = cache.withCore { $0.queues }
        #expect(small.count == 10 && main.count == 90)
        expectConsistent(cache.stats, lookups: 90 + 2_000 + 90, count: cache.count, capacity: 100)
    }

    @Test func aKeyTheGhostRemembersEntersMainAndTwoHitsPromote() {
        let cache = S3FIFOCache<Int, Int>(capacity: 20)  // small 2, main 18, ghost 18
        for key in 0..<20 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        // Key 20 evicts the small queue's oldest (key 0, never hit) into the ghost.
        cache.insert(20, forKey: 20, expiresAt: .max, now: 0)
        #expect(cache.value(forKey: 0, now: 0) == nil)
        // Back again: the ghost sends it to main.
        cache.insert(0, forKey: 0, expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.queues.main.first } == 0)
        // Key 21 enters the small queue; two hits there move it to main when its turn comes.
        cache.insert(21, forKey: 21, expiresAt: .max, now: 0)
        _ = cache.value(forKey: 21, now: 0)
        _ = cache.value(forKey: 21, now: 0)
        for key in 30..<33 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        #expect(cache.withCore { $0.queues.main.contains(21) })
        #expect(cache.value(forKey: 21, now: 0) == 21)
        #expect(cache.count == 20)
    }

    @Test func theClimberMovesTheWindowAndKeepsTheBudget() {
        let cache = AdaptiveTinyLFUCache<Int, Int>(capacity: 200)
        var random = TestRandom(seed: 5)
        var seen = Set<Int>()
        // A shifting working set (recency matters): the hit rate moves, so the climber steps.
        for phase in 0..<20 {
            for _ in 0..<2_000 {
                let key = phase * 150 + random.next(below: 300)
                if cache.value(forKey: key, now: 0) == nil { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
            }
            let sizes = cache.withCore { $0.sizes }
            seen.insert(sizes.window)
            #expect(sizes.window >= 1 && sizes.protected >= 0 && sizes.window + sizes.protected <= 200)
            #expect(cache.count <= 200)
        }
        #expect(seen.count > 1, "the window never moved: \(seen)")
    }
}
