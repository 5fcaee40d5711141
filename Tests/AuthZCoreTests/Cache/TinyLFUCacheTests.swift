import AuthZCore
import Testing

@Suite("W-TinyLFU: scan resistance and sketch aging")
struct TinyLFUCacheTests {
    /// Ten hot keys, each read 20 times, then a scan of 1,000 one-hit wonders (capacity 100).
    func hotKeysSurvivingAScan<C: CacheStrategy>(_ cache: C) -> Int where C.Key == Int, C.Value == Int {
        let hot = 0..<10
        for key in hot { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        for _ in 0..<20 {
            for key in hot { _ = cache.value(forKey: key, now: 0) }
        }
        for key in 1_000..<2_000 {
            if cache.value(forKey: key, now: 0) == nil {
                cache.insert(key, forKey: key, expiresAt: .max, now: 0)
            }
        }
        return hot.filter { cache.value(forKey: $0, now: 0) == $0 }.count
    }

    @Test func frequentKeysSurviveAScanThatFlushesAnLRU() {
        #expect(hotKeysSurvivingAScan(LRUCache<Int, Int>(capacity: 100)) == 0)
        #expect(hotKeysSurvivingAScan(TinyLFUCache<Int, Int>(capacity: 100)) == 10)
    }

    @Test func sketchHalvesAfterItsSampleSize() {
        var sketch = FrequencySketch(capacity: 16)  // sample size 160
        let hot = cacheHash("hot")
        for _ in 0..<10 { sketch.increment(hot) }
        // 1 occurrence in the doorkeeper + 9 in the counters; count-min never underestimates.
        let before = sketch.frequency(hot)
        #expect(before >= 10)
        var other = 0
        while sketch.resets == 0 {
            sketch.increment(cacheHash(other))
            other += 1
        }
        #expect(other == 160 - 10)
        let after = sketch.frequency(hot)
        #expect(after < before)
        #expect(after <= before / 2 + 1)
    }

    @Test func countersSaturateAtFifteen() {
        var sketch = FrequencySketch(capacity: 1_000)
        let key = cacheHash(42)
        for _ in 0..<100 { sketch.increment(key) }
        #expect(sketch.frequency(key) == 16)  // 15 in the counters + the doorkeeper's 1
    }

    @Test(arguments: [true, false])
    func estimateCountsTheDoorkeeperOnlyWhenAsked(_ doorkeeperInEstimate: Bool) {
        var seeds = SeedSequence(1)
        var sketch = FrequencySketch(capacity: 1_000, seeds: &seeds, doorkeeperInEstimate: doorkeeperInEstimate)
        let key = cacheHash(42)
        let bonus = doorkeeperInEstimate ? 1 : 0
        sketch.increment(key)
        #expect(sketch.frequency(key) == bonus)  // the first occurrence is the doorkeeper's alone
        for _ in 0..<4 { sketch.increment(key) }
        #expect(sketch.frequency(key) >= 4 + bonus)
        for _ in 0..<100 { sketch.increment(key) }
        #expect(sketch.frequency(key) == 15 + bonus)
    }

    /// Capacity 100 (window 1, main 99): keys 0..<100 inserted, then key 0 read until the sketch's
    /// reset (1,000 occurrences), which halves every other key's count of 0 and clears the
    /// doorkeeper; then 50 new keys, once each. Returns how many of keys 1..<99 stayed.
    func incumbentsKeptAfterAReset<C: CacheStrategy>(_ cache: C) -> Int where C.Key == Int, C.Value == Int {
        for key in 0..<100 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        for _ in 0..<900 { _ = cache.value(forKey: 0, now: 0) }
        for key in 100..<150 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        return (1..<99).filter { cache.value(forKey: $0, now: 0) == $0 }.count
    }

    @Test func aCandidateSeenOnceDisplacesAZeroCountVictimOnlyInTheFixedWindow() {
        // With the doorkeeper's 1, each new key the next one pushes out of the window duels
        // probation's victim at 1 against 0 and wins: 49 incumbents lost (key 99, the first
        // candidate, was counted before the reset). The climber's estimate leaves the doorkeeper
        // out: 0 against 0, a tie, and the incumbent stays.
        let fixed = TinyLFUCache<Int, Int>(capacity: 100, seed: 1)
        let adaptive = AdaptiveTinyLFUCache<Int, Int>(capacity: 100, seed: 1)
        #expect(fixed.withCore { $0.sketchResets } == 0)
        #expect(incumbentsKeptAfterAReset(fixed) <= 55)
        #expect(incumbentsKeptAfterAReset(adaptive) >= 94)
        #expect(fixed.withCore { $0.sketchResets } == 1)
    }

    @Test func cacheSketchAgesWithTraffic() {
        let cache = TinyLFUCache<Int, Int>(capacity: 10)  // sample size 100
        for _ in 0..<12 { cache.insert(1, forKey: 1, expiresAt: .max, now: 0) }
        let before = cache.withCore { $0.estimatedFrequency(of: 1) }
        #expect(before >= 12)
        for key in 100..<200 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        #expect(cache.withCore { $0.sketchResets } == 1)
        #expect(cache.withCore { $0.estimatedFrequency(of: 1) } < before)
    }

    @Test func tiesFavourTheIncumbent() {
        // Capacity 100: window 1, main 99. Fill and read every key once (estimate 2 each), then
        // every new one-hit key (estimate 1, at most 2 with a doorkeeper false positive) loses
        // its duel against probation's victim, and so does key 99, the window's candidate, on a
        // tie: keys 0..<99 stay.
        let cache = TinyLFUCache<Int, Int>(capacity: 100)
        for key in 0..<100 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        for key in 0..<100 { #expect(cache.value(forKey: key, now: 0) == key) }
        for key in 100..<150 { cache.insert(key, forKey: key, expiresAt: .max, now: 0) }
        let survivors = (0..<99).filter { cache.value(forKey: $0, now: 0) != nil }.count
        #expect(survivors == 99)
        #expect(cache.count == 100)
    }
}
