/// 64 lowercase hex ASCII bytes stored inline (eight words, no heap allocation).
struct HexDigits64: Sendable, Hashable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The lowercase hex of a digest.
    init(_ digest: SHA256Digest) {
        words = (0, 0, 0, 0, 0, 0, 0, 0)
        digest.withHexBytes { hex in
            Swift.withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: hex) }
        }
    }

    /// Exactly 64 lowercase hex digits, or `nil`.
    init?(hexString: some StringProtocol) {
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

    /// Calls `body` with the 64 ASCII bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// The 64 hex digits as a string.
    var string: String {
        withUnsafeBytes { hex in
            String(unsafeUninitializedCapacity: hex.count) { out in
                _ = out.initialize(from: hex)
                return hex.count
            }
        }
    }

    static func == (lhs: HexDigits64, rhs: HexDigits64) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5
            && lhs.words.6 == rhs.words.6 && lhs.words.7 == rhs.words.7
    }

    func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
