import AuthZCore
import Testing

/// A key whose hash collides on purpose: only `value % buckets` feeds the hasher.
struct CollidingKey: Hashable, Sendable {
    var value: Int
    static let buckets = 3

    func hash(into hasher: inout Hasher) { hasher.combine(value % Self.buckets) }
}

@Suite("Cache hash index: long probe clusters and backward-shift deletion")
struct CacheHashIndexTests {
    /// Runs random inserts, removals and lookups on keys that collide into 3 hash values (so
    /// every probe walks a long cluster and every delete shifts it) and checks every answer
    /// against a dictionary. The capacity exceeds the key space: nothing is ever evicted.
    func agreesWithModel<C: CacheStrategy>(_ cache: C) where C.Key == CollidingKey, C.Value == Int {
        var model: [Int: Int] = [:]
        var random = TestRandom(seed: 7)
        var mismatches = 0
        for step in 0..<20_000 {
            let key = random.next(below: 200)
            switch random.next(below: 3) {
            case 0:
                cache.insert(step, forKey: CollidingKey(value: key), expiresAt: .max, now: 0)
                model[key] = step
            case 1:
                if cache.removeValue(forKey: CollidingKey(value: key)) != model.removeValue(forKey: key) {
                    mismatches += 1
                }
            default:
                if cache.value(forKey: CollidingKey(value: key), now: 0) != model[key] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(cache.count == model.count)
        for (key, value) in model { #expect(cache.value(forKey: CollidingKey(value: key), now: 0) == value) }
        #expect(cache.stats.evictions == 0)
    }

    @Test func lru() { agreesWithModel(LRUCache<CollidingKey, Int>(capacity: 256)) }
    @Test func sieve() { agreesWithModel(SIEVECache<CollidingKey, Int>(capacity: 256)) }
    @Test func tinyLFU() { agreesWithModel(TinyLFUCache<CollidingKey, Int>(capacity: 256)) }
    @Test func adaptiveTinyLFU() { agreesWithModel(AdaptiveTinyLFUCache<CollidingKey, Int>(capacity: 256)) }
    @Test func s3fifo() { agreesWithModel(S3FIFOCache<CollidingKey, Int>(capacity: 256)) }
    @Test func lirs() { agreesWithModel(LIRSCache<CollidingKey, Int>(capacity: 256)) }
    @Test func sharded() { agreesWithModel(ShardedCache<CollidingKey, Int>(capacity: 256, shardCount: 1)) }
    @Test func mutex() { agreesWithModel(MutexCache<CollidingKey, Int>(capacity: 256)) }
}
