/// A key made of a token's exact bytes, hashed over every byte: for sets that attacker-chosen
/// tokens enter (the negative cache of bad signatures), so no choice of bytes can aim many keys at
/// one slot (``TokenBytesKey`` hashes only a window, which is enough for verified tokens).
public struct FullyHashedTokenKey: PrecomputedHashKey {
    /// The token's bytes.
    public let bytes: [UInt8]
    /// `KeyHasher` over every byte, computed when the key was made.
    public let precomputedHash: Int

    /// Makes the key of `bytes` (hashes every byte once).
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.precomputedHash = bytes.withUnsafeBytes { KeyHasher.hash(bytes: $0) }
    }

    /// Equal hashes, then equal bytes compared in constant time.
    @inlinable
    public static func == (lhs: FullyHashedTokenKey, rhs: FullyHashedTokenKey) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && TokenBytes.equal(lhs.bytes, rhs.bytes)
    }
}
