/// SplitMix64: a tiny, fast, seedable mixer for simulation decisions (never for security).
public enum SplitMix64 {
    /// Mixes `x` into a well-distributed 64-bit value.
    @inlinable
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
