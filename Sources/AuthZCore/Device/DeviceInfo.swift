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
    public var deviceID: DeviceID {
        DeviceID(digest: canonicalBytes.withUnsafeBytes { SHA256.hash($0) })
    }
}
