/// A small Bloom filter in front of the frequency sketch (TinyLFU's doorkeeper): the first
/// occurrence of a key within a sample period sets its bits here instead of incrementing the
/// sketch, so one-hit wonders do not occupy counters.
///
/// Bits: a power of two of at least 4 per expected distinct key of a period, 3 probes derived
/// from one 64-bit hash (double hashing). Cleared at every sketch reset.
@usableFromInline
struct Doorkeeper: Sendable {
    @usableFromInline var bits: [UInt64]
    @usableFromInline let mask: UInt64

    /// Creates a filter for about `expectedInsertions` distinct keys.
    @inlinable
    init(expectedInsertions: Int) {
        let bitCount = Int.powerOfTwo(atLeast: 4 * max(1, expectedInsertions), minimum: 256)
        bits = Array(repeating: 0, count: bitCount / 64)
        mask = UInt64(bitCount - 1)
    }

    /// Estimated bytes of the bit array.
    @inlinable var approximateBytes: Int { MemoryEstimate.array(capacity: bits.count, UInt64.self) }

    /// Whether `hash` may have been added since the last clear (false positives possible).
    @inlinable
    func contains(_ hash: UInt64) -> Bool {
        let step = (hash >> 32) | 1
        var probe = hash
        for _ in 0..<3 {
            let bit = probe & mask
            if bits[Int(bit >> 6)] & (1 << (bit & 63)) == 0 { return false }
            probe &+= step
        }
        return true
    }

    /// Adds `hash`; returns whether it was (probably) already present.
    @inlinable
    mutating func insert(_ hash: UInt64) -> Bool {
        let step = (hash >> 32) | 1
        var probe = hash
        var present = true
        for _ in 0..<3 {
            let bit = probe & mask
            let word = Int(bit >> 6)
            let flag: UInt64 = 1 << (bit & 63)
            if bits[word] & flag == 0 {
                present = false
                bits[word] |= flag
            }
            probe &+= step
        }
        return present
    }

    /// Forgets every key.
    @inlinable
    mutating func clear() {
        for i in bits.indices { bits[i] = 0 }
    }
}
