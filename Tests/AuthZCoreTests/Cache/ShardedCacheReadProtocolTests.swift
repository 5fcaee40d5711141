import AuthZCore
import AuthZSimulation
import Dispatch
import Foundation
import Synchronization
import Testing

/// A value whose parts must agree: a torn read (half of one write, half of another) shows.
struct PairedValue: Sendable, Equatable {
    var serial: Int
    var check: Int
    /// Longer than 15 UTF-8 bytes, so it lives on the heap and copying it retains.
    var text: String

    init(key: Int, serial: Int) {
        self.serial = key &* 1_000_000 &+ serial
        self.check = ~self.serial
        self.text = "value-for-key-\(key)-serial-\(serial)"
    }

    /// The parts agree with each other and with `key`.
    func isIntact(for key: Int) -> Bool {
        let serial = self.serial % 1_000_000
        return check == ~self.serial && self.serial / 1_000_000 == key
            && text == "value-for-key-\(key)-serial-\(serial)"
    }
}

@Suite("Cache Concurrency: ShardedCache lock-free reads against writers")
struct ShardedCacheReadProtocolTests {
    /// Readers and writers on a few keys in two shards: every value read is whole and belongs
    /// to its key, the bound holds, and the counters add up.
    @Test(arguments: [1, 2])
    func readersNeverSeeATornValue(shardCount: Int) {
        let keys = 6
        let cache = ShardedCache<Int, PairedValue>(capacity: 4, shardCount: shardCount)
        let threads = 6
        let steps = 20_000
        let lookups = Atomic<Int>(0)
        let hits = Atomic<Int>(0)
        let torn = Atomic<Int>(0)
        let overCapacity = Atomic<Int>(0)
        let clock = Atomic<Int64>(0)  // advanced by the writers, read by everyone
        // Even iterations only read, odd ones mostly write; none waits for another (Dispatch
        // may run the iterations on as few threads as there are cores).
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var random = TestRandom(seed: UInt64(thread + 7) &* 0x9E37_79B9)
            if thread % 2 == 0 {
                var localHits = 0
                for _ in 0..<steps {
                    let key = random.next(below: keys)
                    if let value = cache.value(forKey: key, now: clock.load(ordering: .relaxed)) {
                        localHits += 1
                        if !value.isIntact(for: key) { torn.add(1, ordering: .relaxed) }
                    }
                }
                lookups.add(steps, ordering: .relaxed)
                hits.add(localHits, ordering: .relaxed)
            } else {
                var localHits = 0
                var localLookups = 0
                for step in 0..<steps {
                    let key = random.next(below: keys)
                    if step % 4 == 0 { clock.add(1, ordering: .relaxed) }
                    let now = clock.load(ordering: .relaxed)
                    switch random.next(below: 20) {
                    case 0:
                        if let value = cache.removeValue(forKey: key), !value.isIntact(for: key) {
                            torn.add(1, ordering: .relaxed)
                        }
                    case 1:
                        if step % 1_000 == 0 { cache.removeAll() }
                    case 2..<8:
                        localLookups += 1
                        if let value = cache.value(forKey: key, now: now) {
                            localHits += 1
                            if !value.isIntact(for: key) { torn.add(1, ordering: .relaxed) }
                        }
                    default:
                        let ttl = Int64(random.next(below: 3))
                        cache.insert(PairedValue(key: key, serial: step), forKey: key, expiresAt: now + ttl, now: now)
                    }
                    if step % 128 == 0 && cache.count > cache.capacity { overCapacity.add(1, ordering: .relaxed) }
                }
                lookups.add(localLookups, ordering: .relaxed)
                hits.add(localHits, ordering: .relaxed)
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(overCapacity.load(ordering: .relaxed) == 0)
        let stats = cache.stats
        #expect(stats.hits == hits.load(ordering: .relaxed))
        #expect(hits.load(ordering: .relaxed) > 0)
        #expect(stats.evictions > 0 && stats.expirations > 0)
        expectConsistent(stats, lookups: lookups.load(ordering: .relaxed), count: cache.count, capacity: cache.capacity)
    }

    /// A hit answered without the lock still marks the entry visited: SIEVE keeps it.
    @Test func sharedReadsSetSIEVEsVisitedBit() {
        // The same hand-worked sequence as the single-lock SIEVE test, on one shard.
        let cache = ShardedCache<String, Int>(capacity: 4, shardCount: 1)
        for key in ["A", "B", "C", "D"] { cache.insert(0, forKey: key, expiresAt: .max, now: 0) }
        #expect(cache.value(forKey: "A", now: 0) == 0)
        #expect(cache.value(forKey: "C", now: 0) == 0)
        cache.insert(0, forKey: "E", expiresAt: .max, now: 0)
        #expect(cache.keysFromHead(shard: 0) == ["E", "D", "C", "A"])
        cache.insert(0, forKey: "F", expiresAt: .max, now: 0)
        #expect(cache.keysFromHead(shard: 0) == ["F", "E", "C", "A"])
        #expect(cache.value(forKey: "A", now: 0) == 0)
        cache.insert(0, forKey: "G", expiresAt: .max, now: 0)
        #expect(cache.keysFromHead(shard: 0) == ["G", "F", "C", "A"])
        #expect(cache.stats.evictions == 3)
    }

    /// An expired entry found by a reader is removed (through the locked path) and counted.
    @Test func expiredEntryIsRemovedAndCountedOnce() {
        let cache = ShardedCache<Int, String>(capacity: 8, shardCount: 2)
        cache.insert("old", forKey: 1, expiresAt: 10, now: 0)
        #expect(cache.value(forKey: 1, now: 10) == "old")
        #expect(cache.value(forKey: 1, now: 11) == nil)
        #expect(cache.count == 0)
        #expect(cache.value(forKey: 1, now: 11) == nil)
        let stats = cache.stats
        #expect(stats.hits == 1 && stats.misses == 2 && stats.expirations == 1 && stats.entries == 0)
    }

    /// A thread's reader number is stable, in range, and below the high-water mark.
    @Test func readerNumbersAreStablePerThread() {
        let first = ReaderThreadSlot.current
        #expect(first >= 0 && first < ReaderThreadSlot.capacity)
        #expect(ReaderThreadSlot.current == first)
        #expect(ReaderThreadSlot.highWater > first)
        let numbers = Locked<[Int: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let number = ReaderThreadSlot.current
            #expect(number >= 0 && number < ReaderThreadSlot.capacity)
            #expect(ReaderThreadSlot.current == number)
            numbers.withLock { $0[number, default: 0] += 1 }
        }
        #expect(numbers.withLock { $0.values.reduce(0, +) } == 4)
    }

    /// With more live threads than reader numbers, the threads without one use the lock and
    /// still get correct answers and counts.
    @Test func threadsWithoutAReaderNumberUseTheLock() {
        let cache = ShardedCache<Int, String>(capacity: 64, shardCount: 4)
        for key in 0..<16 { cache.insert("v\(key)", forKey: key, expiresAt: .max, now: 0) }
        let threads = ReaderThreadSlot.capacity + 6
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let withoutNumber = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        for _ in 0..<threads {
            finished.enter()
            let thread = Thread {
                let number = ReaderThreadSlot.current
                started.signal()
                release.wait()  // every thread holds its number until all have asked
                if number < 0 { withoutNumber.add(1, ordering: .relaxed) }
                for key in 0..<16 where cache.value(forKey: key, now: 0) != "v\(key)" {
                    wrong.add(1, ordering: .relaxed)
                }
                finished.leave()
            }
            thread.start()
        }
        for _ in 0..<threads { started.wait() }
        for _ in 0..<threads { release.signal() }
        finished.wait()
        #expect(withoutNumber.load(ordering: .relaxed) >= 6)
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(cache.stats.hits == threads * 16 && cache.stats.misses == 0)
    }
}
