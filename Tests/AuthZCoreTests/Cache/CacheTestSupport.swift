import AuthZCore
import Testing

/// A generic test body run on the concrete cache of each ``CacheStrategyKind``.
protocol CacheTestBody: CacheStrategyVisitor where Key == Int, Value == String, Result == Void {}

extension CacheStrategyKind {
    /// Runs `body` on a fresh `Int -> String` cache of this kind.
    func run<B: CacheTestBody>(capacity: Int, _ body: B) {
        makeCache(capacity: capacity, visitor: body)
    }
}

/// A small deterministic generator (xorshift64*) for reproducible operation streams.
struct TestRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next(below bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }
}

/// Checks the counter identities every strategy guarantees.
func expectConsistent(_ stats: CacheStats, lookups: Int, count: Int, capacity: Int) {
    #expect(stats.hits + stats.misses == lookups)
    #expect(
        stats.inserts - stats.replacements - stats.evictions - stats.expirations - stats.removals
            == stats.entries
    )
    #expect(stats.entries == count)
    #expect(count <= capacity)
    #expect(stats.approximateBytes >= 0)
}
