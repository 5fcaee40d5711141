/// A hash that is the same in every process for the same seed (FNV-1a then SplitMix64), for
/// deterministic simulation decisions. Never used for cache keys: those use the per-process seeded
/// `Hasher`.
public struct StableHash: Sendable {
    /// The current hash value.
    public private(set) var value: UInt64

    /// Starts a hash from `seed`.
    public init(seed: UInt64) {
        value = SplitMix64.mix(seed ^ 0xCBF2_9CE4_8422_2325)
    }

    /// Feeds the UTF-8 bytes of `string` and a separator.
    public mutating func combine(_ string: String) {
        var h = value
        for byte in string.utf8 {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        value = SplitMix64.mix(h ^ 0xFF)
    }

    /// Feeds an integer.
    public mutating func combine(_ number: UInt64) {
        value = SplitMix64.mix(value ^ number)
    }
}
