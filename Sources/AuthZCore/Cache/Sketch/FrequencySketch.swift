/// A count-min sketch of 4-bit counters (depth 4) with a doorkeeper and periodic halving: the
/// popularity history of W-TinyLFU's admission policy, as in Caffeine's `FrequencySketch`.
///
/// - Table: a power of two of 64-bit words (at least the cache capacity), 16 counters per word.
///   Row `i` of the key picks a word and a counter from the key's hash re-mixed with `seeds[i]`.
/// - Hash: the key's `cacheHash(_:)` (already keyed per process), re-mixed per row by the
///   sketch's own finaliser with one of four random 64-bit seeds drawn per sketch from the system
///   generator (or derived from a cache's seed, for a replay that must repeat), so the rows are
///   independent and collisions cannot be precomputed.
/// - Counting: a key's first occurrence in a period only enters the ``Doorkeeper``; later ones
///   increment its four counters (saturating at 15). The estimate is the minimum of the four
///   counters, plus 1 if the doorkeeper has the key, unless the sketch is made with
///   `doorkeeperInEstimate: false`: then the estimate counts a key's repeats only, and a key seen
///   once since the last reset ties with one never seen (the adaptive W-TinyLFU's rule, see
///   ``AdaptiveTinyLFUCore``).
/// - Aging: after `sampleSize` (10 x capacity) recorded occurrences, every counter is halved and
///   the doorkeeper cleared.
@usableFromInline
package struct FrequencySketch: Sendable {
    @usableFromInline var table: [UInt64]
    @usableFromInline let mask: UInt64
    @usableFromInline let seeds: (UInt64, UInt64, UInt64, UInt64)
    @usableFromInline var doorkeeper: Doorkeeper
    @usableFromInline let sampleSize: Int
    /// Whether the doorkeeper's bit adds 1 to an estimate.
    @usableFromInline let doorkeeperInEstimate: Bool
    @usableFromInline var additions = 0
    /// How many times the counters have been halved (for tests and diagnostics).
    @usableFromInline package var resets = 0

    /// Creates a sketch for a cache of `capacity` entries, its row seeds drawn from the system
    /// generator.
    @inlinable
    package init(capacity: Int) {
        var rng = SystemRandomNumberGenerator()
        var seeds = SeedSequence(rng.next())
        self.init(capacity: capacity, seeds: &seeds)
    }

    /// Creates a sketch for a cache of `capacity` entries, its four row seeds the next four values
    /// of `seeds` (the same seeds, the same estimates for the same hashes); `doorkeeperInEstimate`
    /// says whether a key the doorkeeper holds estimates 1 more than its counters.
    @inlinable
    package init(capacity: Int, seeds source: inout SeedSequence, doorkeeperInEstimate: Bool = true) {
        self.doorkeeperInEstimate = doorkeeperInEstimate
        let words = Int.powerOfTwo(atLeast: capacity, minimum: 16)
        table = Array(repeating: 0, count: words)
        mask = UInt64(words - 1)
        seeds = (source.next() | 1, source.next() | 1, source.next() | 1, source.next() | 1)
        sampleSize = 10 * max(1, capacity)
        doorkeeper = Doorkeeper(expectedInsertions: sampleSize)
    }

    /// Estimated bytes of the counter table and the doorkeeper.
    @inlinable
    var approximateBytes: Int {
        MemoryEstimate.array(capacity: table.count, UInt64.self) + doorkeeper.approximateBytes
    }

    /// The sketch's own finaliser of `hash` mixed with `seed` (two multiply-xorshift steps, with
    /// the constants of Stafford's Mix13): it spreads the seeded hash over the whole word, so the
    /// four rows pick unrelated words and counters for one key.
    @inlinable
    static func mix(_ hash: UInt64, _ seed: UInt64) -> UInt64 {
        var z = (hash ^ seed) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The word index and bit shift of row `row`'s counter for `hash`.
    @inlinable
    func slot(_ hash: UInt64, row: Int) -> (word: Int, shift: UInt64) {
        let seed: UInt64
        switch row {
        case 0: seed = seeds.0
        case 1: seed = seeds.1
        case 2: seed = seeds.2
        default: seed = seeds.3
        }
        let h = Self.mix(hash, seed)
        return (Int(truncatingIfNeeded: h & mask), (h >> 60) << 2)
    }

    /// The estimated number of occurrences of `hash` in the current period (0...16; 0...15, its
    /// repeats, without the doorkeeper in the estimate).
    @inlinable
    package func frequency(_ hash: UInt64) -> Int {
        var minimum: UInt64 = 15
        for row in 0..<4 {
            let (word, shift) = slot(hash, row: row)
            minimum = min(minimum, (table[word] >> shift) & 0xF)
        }
        var estimate = Int(minimum)
        if doorkeeperInEstimate, doorkeeper.contains(hash) { estimate &+= 1 }
        return estimate
    }

    /// Records one occurrence of `hash`, halving every counter when the sample is complete.
    @inlinable
    package mutating func increment(_ hash: UInt64) {
        if doorkeeper.insert(hash) {
            for row in 0..<4 {
                let (word, shift) = slot(hash, row: row)
                if (table[word] >> shift) & 0xF < 15 { table[word] &+= 1 << shift }
            }
        }
        additions += 1
        if additions >= sampleSize { reset() }
    }

    /// Halves every counter (dropping the remainder) and clears the doorkeeper.
    @inlinable
    mutating func reset() {
        for i in table.indices { table[i] = (table[i] >> 1) & 0x7777_7777_7777_7777 }
        doorkeeper.clear()
        additions = 0
        resets += 1
    }
}
