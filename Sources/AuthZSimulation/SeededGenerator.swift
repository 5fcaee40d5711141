import AuthZCore

/// A seeded, counter-based random number generator (SplitMix64) for simulation choices: the same
/// seed gives the same sequence on every machine. Never used for anything secret.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator for `seed`, decorrelated per `stream` (e.g. a worker index).
    public init(seed: UInt64, stream: UInt64 = 0) {
        state = SplitMix64.mix(seed ^ SplitMix64.mix(stream &+ 0x5EED))
    }

    /// The next 64 random bits.
    @inline(__always)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// A uniform integer in `0..<bound` (`bound > 0`), by multiply-shift (bias below 2^-32 for the
    /// bounds a workload uses).
    @inline(__always)
    public mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform double in [0, 1).
    @inline(__always)
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}

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
