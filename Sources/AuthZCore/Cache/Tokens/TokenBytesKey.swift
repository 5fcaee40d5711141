/// A cache key made of a presented token's exact bytes.
///
/// Its hash is Swift's `Hasher` (SipHash-1-3 with a per-process random seed) over every byte, computed
/// once when the key is made; equality compares that hash, then every byte in constant time. So a hit
/// requires full byte equality (a forged token never rides on a cached verdict), an attacker cannot
/// aim many tokens at one slot (hash flooding), and the byte comparison leaks no timing about how
/// much of a cached token a guess matched.
///
/// Measured on the reference machine (release, 450-byte tokens): hashing every byte costs about
/// 100 ns, hashing a sampled window about 37 ns; the full hash is used because it needs no argument
/// about which keys may enter which cache.
public struct TokenBytesKey: Hashable, Sendable {
    /// The token's bytes.
    public let bytes: [UInt8]
    /// The seeded hash of `bytes`.
    @usableFromInline let hash: Int

    /// Makes the key of `bytes` (hashes them once).
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        self.hash = hasher.finalize()
    }

    /// Feeds the precomputed seeded hash.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Equal hashes, then equal bytes compared in constant time.
    @inlinable
    public static func == (lhs: TokenBytesKey, rhs: TokenBytesKey) -> Bool {
        guard lhs.hash == rhs.hash, lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBytes { l in rhs.bytes.withUnsafeBytes { r in ConstantTime.equals(l, r) } }
    }
}
