/// A device-binding fingerprint: HMAC-SHA256 of a device ID, as 64 lowercase hex ASCII bytes inline.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
    let digits: HexDigits64

    /// The fingerprint whose MAC is `mac`.
    public init(mac: SHA256Digest) {
        digits = HexDigits64(mac)
    }

    /// Parses exactly 64 lowercase hex digits; `nil` for anything else.
    public init?(hexString: some StringProtocol) {
        guard let digits = HexDigits64(hexString: hexString) else { return nil }
        self.digits = digits
    }

    /// The 64 lowercase hex digits.
    public var hexString: String { digits.string }

    /// The 64 lowercase hex digits.
    public var description: String { hexString }

    /// Calls `body` with the 64 ASCII hex bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try digits.withUnsafeBytes(body)
    }
}
