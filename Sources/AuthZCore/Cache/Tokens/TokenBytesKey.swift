/// The verified-token cache's key: a presented token's exact bytes.
///
/// **Slot hash.** Swift's `Hasher` (SipHash-1-3, seeded at random per process) over the length, the
/// first 64 bytes (the `signatureInfo` element: 36 or more bytes of signature) and the last 16, computed once when
/// the key is made. **Equality.** That hash, then every byte compared in constant time
/// (`ConstantTime.equals`). So a hit requires full byte equality (a forged token never rides on a
/// cached verdict) and leaks no timing about how much of a cached token a guess matched.
///
/// Why a window and not every byte: only tokens whose signature verified are ever inserted, and two
/// valid tokens differ in their signatures, so the window spreads the cache's keys as well as the
/// whole token would; an attacker's tokens, whatever their bytes, only probe chains made of valid
/// tokens and cannot lengthen them. Measured on the reference machine (release, 670-byte ES256
/// tokens): SipHash over every byte costs about 145 ns, over an 80-byte window about 25 ns. Where attacker
/// bytes *are* inserted (the negative cache), `FullyHashedTokenKey` hashes every byte.
public struct TokenBytesKey: PrecomputedHashKey {
    /// The token's bytes.
    public let bytes: [UInt8]
    /// The seeded hash of the length and the window.
    @usableFromInline let hash: Int

    /// Bytes hashed from the start of the token (the signature element).
    public static let headBytes = 64
    /// Bytes hashed from the end of the token.
    public static let tailBytes = 16

    /// Makes the key of `bytes` (hashes the window once).
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.hash = bytes.withUnsafeBytes(Self.windowHash)
    }

    /// The seeded hash of the length and the window of `raw`.
    ///
    /// The window's ten 8-byte words are fed as integers: `Hasher.combine(bytes:)` buffers its
    /// input through a slower path (callgrind, warm `checkAuthorization`: about 850 instructions
    /// per key for the two buffers, about 300 for the ten words).
    @inlinable
    static func windowHash(_ raw: UnsafeRawBufferPointer) -> Int {
        let head = headBytes
        let tail = tailBytes
        var hasher = Hasher()
        hasher.combine(raw.count)
        if raw.count <= head + tail {
            hasher.combine(bytes: raw)
        } else {
            let start = raw.baseAddress!
            var offset = 0
            while offset < head {
                hasher.combine(start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 8
            }
            offset = raw.count &- tail
            while offset < raw.count {
                hasher.combine(start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 8
            }
        }
        return hasher.finalize()
    }

    /// The seeded hash computed when the key was made.
    @inlinable
    public var precomputedHash: Int { hash }

    /// Feeds the precomputed seeded hash.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Equal hashes, then equal bytes compared in constant time.
    @inlinable
    public static func == (lhs: TokenBytesKey, rhs: TokenBytesKey) -> Bool {
        lhs.hash == rhs.hash && TokenBytes.equal(lhs.bytes, rhs.bytes)
    }
}

/// A key made of a token's exact bytes, hashed over every byte: for sets that attacker-chosen
/// tokens enter (the negative cache of bad signatures), so no choice of bytes can aim many keys at
/// one slot.
public struct FullyHashedTokenKey: PrecomputedHashKey {
    /// The token's bytes.
    public let bytes: [UInt8]
    @usableFromInline let hash: Int

    /// Makes the key of `bytes` (hashes every byte once).
    @inlinable
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        self.hash = hasher.finalize()
    }

    /// The seeded hash computed when the key was made.
    @inlinable
    public var precomputedHash: Int { hash }

    /// Feeds the precomputed seeded hash.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// Equal hashes, then equal bytes compared in constant time.
    @inlinable
    public static func == (lhs: FullyHashedTokenKey, rhs: FullyHashedTokenKey) -> Bool {
        lhs.hash == rhs.hash && TokenBytes.equal(lhs.bytes, rhs.bytes)
    }
}

/// Byte equality of tokens, in constant time for equal lengths.
@usableFromInline
enum TokenBytes {
    @inlinable
    static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { l in rhs.withUnsafeBytes { r in ConstantTime.equals(l, r) } }
    }
}
