import AuthZCore
import Testing

@Suite("Cache strategies: eviction order on hand-worked sequences")
struct CacheEvictionOrderTests {
    @Test func lruEvictsTheLeastRecentlyUsed() {
        // Most recent first:
        //   insert A B C D   -> D C B A
        //   hit A, hit C     -> C A D B
        //   insert E         -> evict B (LRU): E C A D
        //   insert F         -> evict D:       F E C A
        //   hit A            ->                A F E C
        //   insert G         -> evict C:       G A F E
        let cache = LRUCache<String, Int>(capacity: 4)
        for key in ["A", "B", "C", "D"] { cache.insert(0, forKey: key, expiresAt: .max, now: 0) }
        _ = cache.value(forKey: "A", now: 0)
        _ = cache.value(forKey: "C", now: 0)
        cache.insert(0, forKey: "E", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["E", "C", "A", "D"])
        cache.insert(0, forKey: "F", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["F", "E", "C", "A"])
        _ = cache.value(forKey: "A", now: 0)
        cache.insert(0, forKey: "G", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["G", "A", "F", "E"])
        #expect(cache.stats.evictions == 3)
    }

    @Test func sieveFollowsThePaper() {
        // Head (newest) first, * = visited; the hand moves from the tail toward the head.
        //   insert A B C D      -> D C B A
        //   hit A, hit C        -> D C* B A*
        //   insert E: hand starts at the tail: A* cleared, B unvisited -> evict B;
        //             hand rests on B's predecessor C          -> E D C* A
        //   insert F: hand at C*: cleared, D unvisited -> evict D; hand on E -> F E C A
        //   hit A                                               -> F E C A*
        //   insert G: hand at E: unvisited -> evict E; hand on F  -> G F C A*
        // Survivors G F C A; evicted B, D, E. (LRU would have evicted B, D, C.)
        let cache = SIEVECache<String, Int>(capacity: 4)
        for key in ["A", "B", "C", "D"] { cache.insert(0, forKey: key, expiresAt: .max, now: 0) }
        _ = cache.value(forKey: "A", now: 0)
        _ = cache.value(forKey: "C", now: 0)
        cache.insert(0, forKey: "E", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["E", "D", "C", "A"])
        cache.insert(0, forKey: "F", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["F", "E", "C", "A"])
        _ = cache.value(forKey: "A", now: 0)
        cache.insert(0, forKey: "G", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["G", "F", "C", "A"])
        #expect(cache.stats.evictions == 3)
    }

    @Test func sieveHandWrapsFromHeadToTail() {
        // insert A B -> B A; hit A, hit B -> B* A*.
        // insert C: hand at tail A*: cleared, moves to B*: cleared, B is the head so the hand
        // wraps to the tail A: unvisited -> evict A; hand rests on B.  -> C B
        // insert D: hand at B: unvisited -> evict B.                   -> D C
        let cache = SIEVECache<String, Int>(capacity: 2)
        cache.insert(0, forKey: "A", expiresAt: .max, now: 0)
        cache.insert(0, forKey: "B", expiresAt: .max, now: 0)
        _ = cache.value(forKey: "A", now: 0)
        _ = cache.value(forKey: "B", now: 0)
        cache.insert(0, forKey: "C", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["C", "B"])
        cache.insert(0, forKey: "D", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["D", "C"])
    }

    @Test func sieveKeepsItsHandAcrossRemovals() {
        // insert A B C D -> D C B A; hit A; insert E: A* cleared, evict B, hand on C -> E D C A.
        // remove C (the hand's node): the hand moves to C's predecessor D.  -> E D A
        // insert F: a free slot, no eviction.                              -> F E D A
        // insert G: hand at D: unvisited -> evict D.                       -> G F E A
        let cache = SIEVECache<String, Int>(capacity: 4)
        for key in ["A", "B", "C", "D"] { cache.insert(0, forKey: key, expiresAt: .max, now: 0) }
        _ = cache.value(forKey: "A", now: 0)
        cache.insert(0, forKey: "E", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["E", "D", "C", "A"])
        #expect(cache.removeValue(forKey: "C") == 0)
        cache.insert(0, forKey: "F", expiresAt: .max, now: 0)
        #expect(cache.stats.evictions == 1)
        cache.insert(0, forKey: "G", expiresAt: .max, now: 0)
        #expect(cache.withCore { $0.keysFromHead } == ["G", "F", "E", "A"])
    }

    @Test func theSingleLockSIEVEAndAShardOfTheShardedCacheEvictAlike() {
        // One SIEVE serves both: the same stream gives the same queue, step by step.
        let single = SIEVECache<Int, Int>(capacity: 16)
        let sharded = ShardedCache<Int, Int>(capacity: 16, shardCount: 1)
        var random = TestRandom(seed: 11)
        var differences = 0
        for step in 0..<5_000 {
            let key = random.next(below: 40)
            switch random.next(below: 10) {
            case 0..<5:
                if single.value(forKey: key, now: 0) != sharded.value(forKey: key, now: 0) { differences += 1 }
            case 5..<9:
                single.insert(step, forKey: key, expiresAt: .max, now: 0)
                sharded.insert(step, forKey: key, expiresAt: .max, now: 0)
            default:
                if single.removeValue(forKey: key) != sharded.removeValue(forKey: key) { differences += 1 }
            }
            if single.withCore({ $0.keysFromHead }) != sharded.keysFromHead(shard: 0) { differences += 1 }
        }
        #expect(differences == 0)
        #expect(single.stats.evictions > 0 && single.stats.evictions == sharded.stats.evictions)
    }

    @Test func mutexCacheDropsAnExpiredEntryBeforeALiveOne() {
        let cache = MutexCache<Int, String>(capacity: 4)
        cache.insert("short", forKey: 0, expiresAt: 10, now: 0)
        for key in 1..<4 { cache.insert("long", forKey: key, expiresAt: .max, now: 0) }
        cache.insert("new", forKey: 4, expiresAt: .max, now: 20)
        let stats = cache.stats
        #expect(stats.expirations == 1 && stats.evictions == 0)
        for key in 1...4 { #expect(cache.value(forKey: key, now: 20) != nil) }
    }

    @Test func shardedCacheLowersItsShardCountToItsCapacity() {
        let small = ShardedCache<Int, Int>(capacity: 3, shardCount: 16)
        #expect(small.shardCount == 2 && small.shardCapacity == 1 && small.effectiveCapacity == 2)
        let large = ShardedCache<Int, Int>(capacity: 1_000, shardCount: 5)
        #expect(large.shardCount == 8 && large.shardCapacity == 125)
        #expect(ShardedCache<Int, Int>.defaultShardCount.nonzeroBitCount == 1)
        #expect(ShardedCache<Int, Int>.defaultShardCount >= 4)
    }
}
