/// SplitMix64 (Steele, Lea & Flood), the generator that turns one 64-bit seed into the several
/// seeds a cache's structures need (a sketch's rows, an admission or eviction generator).
///
/// Only seeds come from it, never per-operation randomness: it runs in `init`, not on the hot
/// path. The same seed gives the same sequence on every platform.
@usableFromInline
package struct SeedSequence: Sendable {
    @usableFromInline var state: UInt64

    /// A sequence that starts from `seed`.
    @inlinable
    package init(_ seed: UInt64) {
        state = seed
    }

    /// The next 64-bit value.
    @inlinable
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
