/// A SHA-256-sized value (a digest or a MAC) held as its 64 lowercase hex ASCII bytes inline: eight
/// words, no heap allocation, so the comparisons and hashing done on every request touch only them.
///
/// `Role` holds nothing: it only keeps the kinds apart at compile time (a ``DeviceID`` is not a
/// ``Fingerprint``), so every kind shares this one representation and its code.
public struct HexDigest<Role: HexDigestRole>: Sendable, Hashable, CustomStringConvertible {
    private(set) var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The lowercase hex of `digest`.
    @inline(__always)
    init(hexOf digest: SHA256Digest) {
        words = HexEncoding.lowercase(digest.words)
    }

    /// Parses exactly 64 lowercase hex digits (the wire form); `nil` for anything else.
    public init?(hexString: some StringProtocol) {
        words = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        let ok = Swift.withUnsafeMutableBytes(of: &words) { out -> Bool in
            for byte in hexString.utf8 {
                guard count < 64, HexEncoding.value(of: byte, allowUppercase: false) != nil else { return false }
                out[count] = byte
                count += 1
            }
            return count == 64
        }
        if !ok { return nil }
    }

    /// The 64 lowercase hex digits.
    public var hexString: String {
        withUnsafeBytes(HexEncoding.string)
    }

    /// The 64 lowercase hex digits.
    public var description: String { hexString }

    /// Calls `body` with the 64 ASCII hex bytes (of a device ID: what the fingerprint HMAC covers).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// Word by word: eight compares, no loop over bytes.
    public static func == (lhs: HexDigest, rhs: HexDigest) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5
            && lhs.words.6 == rhs.words.6 && lhs.words.7 == rhs.words.7
    }

    /// Hashes the 64 bytes.
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// What a ``HexDigest`` is (a device ID, a fingerprint): a marker that makes each kind its own type.
public protocol HexDigestRole {}
