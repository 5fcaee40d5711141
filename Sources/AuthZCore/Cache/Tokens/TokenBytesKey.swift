/// The verified-token cache's key: a presented token's exact bytes.
///
/// **Slot hash.** SipHash-1-3 under a random per-process key (`KeyHasher`) over the length, the
/// first 64 bytes (the `signatureInfo` element: 36 or more bytes of signature) and the last 16,
/// computed once when the key is made. **Equality.** That hash, then every byte compared in constant time
/// (`ConstantTime.equals`). So a hit requires full byte equality (a forged token never rides on a
/// cached verdict) and leaks no timing about how much of a cached token a guess matched.
///
/// Why a window and not every byte: only tokens whose signature verified are ever inserted, and two
/// valid tokens differ in their signatures, so the window spreads the cache's keys as well as the
/// whole token would; an attacker's tokens, whatever their bytes, only probe chains made of valid
/// tokens and cannot lengthen them; and hashing every byte of a 670-byte ES256 token would cost
/// several times the 80-byte window. Where attacker bytes *are* inserted (the negative cache),
/// ``FullyHashedTokenKey`` hashes every byte.
public struct TokenBytesKey: PrecomputedHashKey {
    /// The token's bytes.
    public let bytes: [UInt8]
    /// The seeded hash of the length and the window (`windowHash(_:)`).
    public let precomputedHash: Int

    /// Bytes hashed from the start of the token (the signature element).
    public static let headBytes = 64
    /// Bytes hashed from the end of the token.
    public static let tailBytes = 16

    /// Makes the key of `bytes` (hashes the window once).
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.precomputedHash = bytes.withUnsafeBytes(Self.windowHash)
    }

    /// The seeded hash of the length and the window of `raw`: `KeyHasher` (SipHash-1-3 under
    /// the process's random key, inline) over the length, then the window's ten 8-byte words (or
    /// every byte of a token no longer than the window).
    @inlinable
    static func windowHash(_ raw: UnsafeRawBufferPointer) -> Int {
        let head = headBytes
        let tail = tailBytes
        var hasher = KeyHasher()
        hasher.combine(UInt64(raw.count))
        guard raw.count > head + tail, let start = raw.baseAddress else {
            return Int(truncatingIfNeeded: hasher.finalize(appending: raw))
        }
        var offset = 0
        while offset < head {
            hasher.combine(wordAt: offset, in: start)
            offset &+= 8
        }
        offset = raw.count &- tail
        while offset < raw.count {
            hasher.combine(wordAt: offset, in: start)
            offset &+= 8
        }
        return Int(truncatingIfNeeded: hasher.finalize())
    }

    /// Equal hashes, then equal bytes compared in constant time.
    @inlinable
    public static func == (lhs: TokenBytesKey, rhs: TokenBytesKey) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && TokenBytes.equal(lhs.bytes, rhs.bytes)
    }
}
