import AuthZCore
import Testing

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

    /// Looks `count` keys of `key` up in `cache`, inserting the misses; returns the window's and
    /// protected segment's shares after each 10,000 requests.
    func replay(
        _ cache: AdaptiveTinyLFUCache<Int, Int>,
        _ count: Int,
        key: () -> Int
    ) -> [(window: Int, protected: Int)] {
        var sizes: [(window: Int, protected: Int)] = []
        for request in 1...count {
            let k = key()
            if cache.value(forKey: k, now: 0) == nil { cache.insert(k, forKey: k, expiresAt: .max, now: 0) }
            if request % 10_000 == 0 { sizes.append(cache.withCore { $0.sizes }) }
        }
        return sizes
    }

    @Test func aDropInTheHitRateGrowsTheWindowWithinTheBudget() {
        let cache = AdaptiveTinyLFUCache<Int, Int>(capacity: 200, seed: 3)
        var random = TestRandom(seed: 5)
        // Two samples (20,000 requests each) of a hot set of 250 keys, then a working set that
        // shifts by 150 keys every 2,000 requests: the hit rate falls far beyond the noise.
        let before = replay(cache, 40_000) { random.next(below: 250) }
        var phase = 0
        var request = 0
        let after = replay(cache, 60_000) {
            request += 1
            if request % 2_000 == 0 { phase += 1 }
            return 1_000 + phase * 150 + random.next(below: 300)
        }
        #expect(before.last.map { $0.window } == 1, "the first sample's step shrinks the 2-entry window to 1")
        #expect(after.contains { $0.window > 2 }, "the window never grew: \(after.map { $0.window })")
        for sizes in before + after {
            #expect(sizes.window >= 1 && sizes.protected >= 0 && sizes.window + sizes.protected <= 200)
        }
        #expect(cache.count <= 200)
    }

    @Test func aSteadyHitRateHoldsTheWindow() {
        let cache = AdaptiveTinyLFUCache<Int, Int>(capacity: 200, seed: 3)
        // A loop of 250 keys: every sample is 80 whole loops over the same residents, so the hit
        // rate does not move and the window holds; only the first sample's step (from 2 entries
        // to 1) is taken.
        var next = 0
        let sizes = replay(cache, 200_000) {
            next = (next + 1) % 250
            return next
        }
        #expect(sizes.dropFirst(2).allSatisfy { $0.window == 1 }, "\(sizes.map { $0.window })")
    }

    @Test func aShortTraceNeverClimbs() {
        // Fewer requests than one sample (20,000 once full): the window stays at 1% of capacity.
        let cache = AdaptiveTinyLFUCache<Int, Int>(capacity: 500, seed: 3)
        var random = TestRandom(seed: 9)
        let sizes = replay(cache, 19_000) { random.next(below: 2_000) }
        #expect(sizes.allSatisfy { $0.window == 5 }, "\(sizes.map { $0.window })")
    }
}
