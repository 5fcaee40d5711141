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

    /// The field separator of the canonical form (ASCII unit separator).
    static let separator: UInt8 = 0x1F

    /// The canonical bytes: the four fields' UTF-8 joined by 0x1F, in declaration order.
    public var canonicalBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(advertisingID.utf8.count + vendorID.utf8.count + model.utf8.count + teamID.utf8.count + 3)
        bytes.append(contentsOf: advertisingID.utf8)
        bytes.append(Self.separator)
        bytes.append(contentsOf: vendorID.utf8)
        bytes.append(Self.separator)
        bytes.append(contentsOf: model.utf8)
        bytes.append(Self.separator)
        bytes.append(contentsOf: teamID.utf8)
        return bytes
    }

    /// SHA-256 over the canonical bytes, as a device ID.
    ///
    /// The four fields and the separators are streamed into one SHA-256 context on the stack
    /// (libcrypto's `SHA256_Update`), so the canonical bytes are never assembled: no array, no
    /// allocation. The result equals the SHA-256 of `canonicalBytes` (checked by the tests).
    public var deviceID: DeviceID {
        var context = SHA256_CTX()
        var digest = SHA256Digest.zero
        var separator = Self.separator
        var ok = authz_sha256_init(&context) == 1
        ok = ok && Self.absorb(advertisingID, into: &context)
        ok = ok && authz_sha256_update(&context, &separator, 1) == 1
        ok = ok && Self.absorb(vendorID, into: &context)
        ok = ok && authz_sha256_update(&context, &separator, 1) == 1
        ok = ok && Self.absorb(model, into: &context)
        ok = ok && authz_sha256_update(&context, &separator, 1) == 1
        ok = ok && Self.absorb(teamID, into: &context)
        ok =
            ok
            && Swift.withUnsafeMutableBytes(of: &digest.words) { out in
                authz_sha256_final(out.baseAddress!.assumingMemoryBound(to: UInt8.self), &context)
            } == 1
        guard ok else { fatalError("\(CryptoError("SHA-256 failed (libcrypto's SHA256_Update/SHA256_Final)"))") }
        return DeviceID(digest: digest)
    }

    /// Hashes `field`'s UTF-8 in place (native strings are contiguous; others are copied once).
    @inline(__always)
    private static func absorb(_ field: String, into context: inout SHA256_CTX) -> Bool {
        if let ok = field.utf8.withContiguousStorageIfAvailable({
            authz_sha256_update(&context, $0.baseAddress, $0.count) == 1
        }) {
            return ok
        }
        var copy = field
        return copy.withUTF8 { authz_sha256_update(&context, $0.baseAddress, $0.count) == 1 }
    }
}
