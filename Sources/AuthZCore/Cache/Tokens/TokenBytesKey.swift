/// The verified-token cache's key: a presented token's exact bytes.
///
/// **Slot hash.** SipHash-1-3 under a random per-process key (`KeyHasher`) over bytes 16 to 40 and
/// the length, computed once when the key is made. A token opens with its `signatureInfo`
/// element (`<signatureInfo>`, 15 bytes, then the signature's base64), so those 24 bytes are base64
/// digits 2 to 25 of the signature: 144 bits of a MAC or signature, which is as good as a uniformly
/// random identifier. The opening tag, the same in every token, is not hashed.
/// **Equality.** That hash, then every byte compared in constant time (`ConstantTime.equals`). So a
/// hit requires full byte equality (a forged token never rides on a cached verdict) and leaks no
/// timing about how much of a cached token a guess matched.
///
/// Why a window and not every byte: only tokens whose signature verified are ever inserted, and two
/// valid tokens differ in their signatures, so the window spreads the cache's keys as well as the
/// whole token would; an attacker's tokens, whatever their bytes, only probe chains made of valid
/// tokens and cannot lengthen them; and hashing every byte of a 670-byte ES256 token would cost
/// many times the 24-byte window (and the window's length sets the hash's cost on every request:
/// each 8-byte word is a SipHash round). Where attacker bytes *are* inserted (the negative cache),
/// ``FullyHashedTokenKey`` hashes every byte.
public struct TokenBytesKey: PrecomputedHashKey {
    /// The token's bytes.
    public let bytes: [UInt8]
    /// The seeded hash of the length and the window (`windowHash(_:)`).
    public let precomputedHash: Int

    /// Where the hashed window ends: bytes `windowStart..<headBytes` of a longer token are hashed
    /// (the start of the signature), every byte of a token no longer than this.
    public static let headBytes = 40

    /// Where the hashed window starts (past `<signatureInfo>`, the same in every token).
    public static let windowStart = 16

    /// Makes the key of `bytes` (hashes the window once).
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.precomputedHash = bytes.withUnsafeBytes(Self.windowHash)
    }

    /// The seeded hash of the length and the window of `raw`: `KeyHasher` (SipHash-1-3 under
    /// the process's random key, inline) over the window's three 8-byte words and then the length
    /// as 7 little-endian bytes, which fill the final block beside the byte count SipHash puts
    /// there anyway (a round less than a word of its own); a token no longer than `headBytes`:
    /// the length as a word, then every byte.
    @inlinable
    static func windowHash(_ raw: UnsafeRawBufferPointer) -> Int {
        let head = headBytes
        var hasher = KeyHasher()
        guard raw.count > head, let start = raw.baseAddress else {
            hasher.combine(UInt64(raw.count))
            return Int(truncatingIfNeeded: hasher.finalize(appending: raw))
        }
        var offset = windowStart
        while offset < head {
            hasher.combine(wordAt: offset, in: start)
            offset &+= 8
        }
        // An array's count is below 2^56: it fits the 7 bytes.
        return Int(truncatingIfNeeded: hasher.finalize(appendingTail: UInt64(raw.count), byteCount: 7))
    }

    /// Equal hashes, then equal bytes compared in constant time.
    @inlinable
    public static func == (lhs: TokenBytesKey, rhs: TokenBytesKey) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && TokenBytes.equal(lhs.bytes, rhs.bytes)
    }
}
