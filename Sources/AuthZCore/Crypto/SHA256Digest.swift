/// A SHA-256 (or HMAC-SHA256) output: 32 bytes stored inline, no heap allocation.
public struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes in order, as four words of memory (not numeric values).
    var words: (UInt64, UInt64, UInt64, UInt64)

    /// The digest length in bytes.
    public static let byteCount = 32

    /// An all-zero digest, the starting point for writing a result in place.
    static let zero = SHA256Digest(words: (0, 0, 0, 0))

    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Creates a digest from exactly 32 bytes; `nil` for any other length.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == SHA256Digest.byteCount else { return nil }
        self = .zero
        Swift.withUnsafeMutableBytes(of: &words) { out in
            for (index, byte) in bytes.enumerated() { out[index] = byte }
        }
    }

    /// Parses 64 hex digits (either case); `nil` for anything else.
    public init?(hexString: some StringProtocol) {
        self = .zero
        let ok = Swift.withUnsafeMutableBytes(of: &words) { out in
            HexEncoding.decode(hexString, into: out, allowUppercase: true)
        }
        if !ok { return nil }
    }

    /// Calls `body` with the 32 digest bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// The 32 bytes as an array (allocates; for tests and tools, not the hot path).
    public var bytes: [UInt8] {
        withUnsafeBytes { Array($0) }
    }

    /// Calls `body` with the 64 lowercase hex ASCII bytes, built on the stack (no allocation).
    public func withHexBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: HexEncoding.lowercase(words), body)
    }

    /// The 64 lowercase hex digits.
    public var hexString: String {
        withHexBytes(HexEncoding.string)
    }

    /// The lowercase hex digits.
    public var description: String { hexString }

    /// Byte-wise equality of two digests (not constant time; use `ConstantTime` for secrets).
    public static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
            && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    /// Feeds the 32 bytes to `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
