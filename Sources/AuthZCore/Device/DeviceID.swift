/// A device ID: SHA-256 of the canonical device info, held as its 64 lowercase hex ASCII bytes inline.
public struct DeviceID: Sendable, Hashable, CustomStringConvertible {
    let digits: HexDigits64

    /// The device ID whose digest is `digest`.
    public init(digest: SHA256Digest) {
        digits = HexDigits64(digest)
    }

    /// Parses exactly 64 lowercase hex digits (the wire form); `nil` for anything else.
    public init?(hexString: some StringProtocol) {
        guard let digits = HexDigits64(hexString: hexString) else { return nil }
        self.digits = digits
    }

    /// The 64 lowercase hex digits.
    public var hexString: String { digits.string }

    /// The 64 lowercase hex digits.
    public var description: String { hexString }

    /// Calls `body` with the 64 ASCII hex bytes (what the fingerprint HMAC covers).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try digits.withUnsafeBytes(body)
    }
}
