/// A device-binding fingerprint: HMAC-SHA256 of a device ID, as 64 lowercase hex ASCII bytes inline.
public typealias Fingerprint = HexDigest<FingerprintRole>

/// The role of a ``Fingerprint``.
public enum FingerprintRole: HexDigestRole {}

extension HexDigest where Role == FingerprintRole {
    /// The fingerprint whose MAC is `mac`.
    public init(mac: SHA256Digest) {
        self.init(hexOf: mac)
    }
}
