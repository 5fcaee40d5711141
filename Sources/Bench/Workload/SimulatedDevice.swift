import AuthZCore

/// One simulated device: its ID, the requestor and MVPD it uses, and its token storage.
///
/// Compact on purpose (a million of them must fit): the device info is hashed into `deviceID` at
/// set-up and dropped; the current authentication token is shared (copy on write) between
/// `authNToken` and `store`, never copied.
struct SimulatedDevice: Sendable {
    /// The device ID the device sends in clear.
    var deviceID: DeviceID
    /// Index in the whole population (before sharding).
    var globalIndex: UInt32
    /// How many times the device authenticated (makes each authentication GUID unique).
    var generation: UInt32
    /// Requestor index.
    var requestor: UInt16
    /// MVPD index (trusted by the requestor).
    var mvpd: UInt16
    /// Expiry of the current authentication token, epoch milliseconds.
    var authNExpiresAt: Int64
    /// The current authentication token (the same bytes the store holds).
    var authNToken: [UInt8]
    /// The device's token storage (SDK rules).
    var store: DeviceTokenStore
}
