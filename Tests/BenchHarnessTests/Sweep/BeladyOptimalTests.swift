import AuthZCore
import BenchHarness
import Testing

/// Belady's MIN on hand-worked sequences, and as an upper bound of every real strategy.
@Suite("Belady optimal")
struct BeladyOptimalTests {
    /// Dense ids for letters.
    static func ids(_ text: String) -> (keys: [Int32], count: Int) {
        var table: [Character: Int32] = [:]
        let keys = text.filter { $0 != " " }.map { letter in
            if let id = table[letter] { return id }
            table[letter] = Int32(table.count)
            return Int32(table.count - 1)
        }
        return (keys, table.count)
    }

    @Test func theClassicReferenceString() {
        // a b c d a b e a b c d e with 3 entries (the textbook example: 7 faults, so 5 hits):
        //  a,b,c miss (fill).  d miss: next uses a@4 b@5 c@9 d@10 -> d is used last, not admitted.
        //  a hit, b hit.       e miss: a@7 b@8 c@9 e@11 -> e used last, not admitted.
        //  a hit, b hit, c hit. d miss, e miss (nothing is used again).  Hits: 5 of 12.
        let (keys, count) = Self.ids("a b c d a b e a b c d e")
        let belady = BeladyOptimal(keys: keys, keyCount: count)
        #expect(belady.hits(capacity: 3) == 5)
        // 4 entries: a b c d miss; a, b hit; e miss: a@7 b@8 c@9 d@10 e@11, e not admitted;
        // a b c d hit; e miss. Hits: 6.
        #expect(belady.hits(capacity: 4) == 6)
        // 1 entry: a stays (next use 4; b@5, c@9, d@10 are all later, so none is admitted);
        // a hits at 4 (next 7); b@8 and e@11 come after 7, not admitted; a hits at 7; then nothing
        // is used again. Hits: 2.
        #expect(belady.hits(capacity: 1) == 2)
        // Room for everything: only the 5 first uses miss.
        #expect(belady.hits(capacity: 5) == 12 - 5)
        #expect(belady.hits(capacity: 0) == 0)
    }

    @Test func nextUsesAreComputedBackwards() {
        let (keys, count) = Self.ids("a b a c b a")
        let never = BeladyOptimal.never
        #expect(BeladyOptimal(keys: keys, keyCount: count).nextUse == [2, 4, 5, never, never, never])
    }

    @Test func anInvalidatedKeyMissesAndItsDeadEntryGoesFirst() {
        // Capacity 2: a b a (x a) b a
        //  a miss, b miss, a hit. Invalidate a: the next a is a new key.
        //  a miss: the dead a (never used again) is evicted -> {b, a'}. b hit, a' hit. Hits: 3.
        let events: [BeladyOptimal.Event] = [
            .access(0), .access(1), .access(0), .invalidate(0), .access(0), .access(1), .access(0),
        ]
        #expect(BeladyOptimal.hits(events: events, capacity: 2) == 3)
        // Without the invalidation, the same accesses hit 4 times (only a's and b's first uses miss).
        #expect(BeladyOptimal.hits(events: events.filter { $0 != .invalidate(0) }, capacity: 2) == 4)
        // Invalidating a key that is not cached changes nothing but its next access.
        #expect(BeladyOptimal.hits(events: [.invalidate(7), .access(7), .access(7)], capacity: 1) == 1)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func neverBelowAnyRealStrategy(seed: UInt64) {
        let records = SweepFixtures.records(seed: seed, count: 4_000, devices: 40, resources: 30, logoutEvery: 50)
        let sequence = AccessSequence.replaying(records)
        let keys = sequence.makeKeys(seed: 1)
        let belady = BeladyOptimal(keys: sequence.keys, keyCount: sequence.keyParts.count)
        let distinct = sequence.keyParts.count
        for capacity in [4, 16, 64, 256] {
            let optimal = belady.hits(capacity: capacity)
            #expect(optimal <= sequence.count - distinct, "compulsory misses bound every policy")
            var lru = ReferenceLRU(capacity: capacity)
            let lruHits = SweepFixtures.referenceKeys(records).filter { lru.access($0) }.count
            #expect(optimal >= lruHits)
            for kind in CacheStrategyKind.allCases {
                for shards: Int? in kind == .sharded ? [1, 4] : [nil] {
                    let (measured, _) = SweepReplay.replay(
                        sequence,
                        keys: keys,
                        kind: kind,
                        capacity: capacity,
                        shards: shards,
                        seed: 1
                    )
                    #expect(measured.hits <= optimal, "\(kind) at \(capacity): \(measured.hits) > optimal \(optimal)")
                }
            }
        }
        #expect(belady.hits(capacity: distinct) == sequence.count - distinct)
    }
}
