/// A device ID: SHA-256 of the canonical device info, held as its 64 lowercase hex ASCII bytes inline.
public typealias DeviceID = HexDigest<DeviceIDRole>

/// The role of a ``DeviceID``.
public enum DeviceIDRole: HexDigestRole {}

extension HexDigest where Role == DeviceIDRole {
    /// The device ID whose digest is `digest`.
    public init(digest: SHA256Digest) {
        self.init(hexOf: digest)
    }
}
