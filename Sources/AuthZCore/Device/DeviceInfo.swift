import COpenSSL

/// The identification info a device hashes into its device ID (see AuthZCore's WireFormat article).
public struct DeviceInfo: Sendable, Hashable {
    /// The advertising identifier.
    public var advertisingID: String
    /// The vendor identifier.
    public var vendorID: String
    /// The device model.
    public var model: String
    /// The developer team identifier.
    public var teamID: String

    /// Creates device info from its four fields.
    public init(advertisingID: String, vendorID: String, model: String, teamID: String) {
        self.advertisingID = advertisingID
        self.vendorID = vendorID
        self.model = model
        self.teamID = teamID
    }

    /// SHA-256 over the canonical bytes, as a device ID.
    ///
    /// The canonical bytes are copied into a buffer on the stack and hashed by one `SHA256_Update`
    /// on a `SHA256_CTX` on the stack (see `hashCanonicalBytes(into:)`), and the digest is written
    /// as hex in vector registers: no array, no heap allocation. The result equals the SHA-256 of
    /// `canonicalBytes` (checked by the tests, on both sides of the buffer's size).
    public var deviceID: DeviceID {
        var context = SHA256_CTX()
        var digest = SHA256Digest.zero
        let ok =
            authz_sha256_init(&context) == 1 && hashCanonicalBytes(into: &context)
            && Swift.withUnsafeMutableBytes(of: &digest.words) { out in
                authz_sha256_final(out.baseAddress!.assumingMemoryBound(to: UInt8.self), &context)
            } == 1
        guard ok else { fatalError("\(CryptoError("SHA-256 failed (libcrypto's SHA256_Update/SHA256_Final)"))") }
        return DeviceID(digest: digest)
    }
}
