import AuthZCore
import Dispatch
import Synchronization
import Testing

@Suite("Cache Concurrency: 8 threads of mixed reads, writes and removes")
struct CacheConcurrencyTests {
    struct Stress: CacheTestBody {
        static let threads = 8
        static let operationsPerThread = 20_000

        func visit<C: CacheStrategy>(_ cache: C) where C.Key == Int, C.Value == String {
            let lookups = Atomic<Int>(0)
            let overCapacity = Atomic<Int>(0)
            let wrongValues = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                var random = TestRandom(seed: UInt64(thread + 1) &* 0x9E37_79B9)
                var localLookups = 0
                for step in 0..<Self.operationsPerThread {
                    let key = random.next(below: 64)
                    let now = Int64(step / 100)
                    switch random.next(below: 10) {
                    case 0..<6:
                        if let value = cache.value(forKey: key, now: now), value != "v\(key)" {
                            wrongValues.add(1, ordering: .relaxed)
                        }
                        localLookups += 1
                    case 6..<9:
                        let ttl = Int64(random.next(below: 5))
                        cache.insert("v\(key)", forKey: key, expiresAt: now + ttl, now: now)
                    default:
                        if let value = cache.removeValue(forKey: key), value != "v\(key)" {
                            wrongValues.add(1, ordering: .relaxed)
                        }
                    }
                    if step % 256 == 0 && cache.count > cache.capacity {
                        overCapacity.add(1, ordering: .relaxed)
                    }
                }
                lookups.add(localLookups, ordering: .relaxed)
            }
            #expect(overCapacity.load(ordering: .relaxed) == 0)
            #expect(wrongValues.load(ordering: .relaxed) == 0)
            let stats = cache.stats
            #expect(stats.inserts > 0 && stats.hits > 0 && stats.evictions > 0)
            expectConsistent(
                stats,
                lookups: lookups.load(ordering: .relaxed),
                count: cache.count,
                capacity: cache.capacity
            )
        }
    }

    @Test(arguments: CacheStrategyKind.allCases)
    func mixedOperationsFromEightThreads(kind: CacheStrategyKind) {
        kind.run(capacity: 32, Stress())
    }
}
