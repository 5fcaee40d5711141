import AuthZCore
import AuthZSimulation

/// One simulated device: its ID, the requestor and MVPD it uses, and its token storage.
///
/// Compact on purpose (a million of them must fit): the device info is hashed into `deviceID` at
/// set-up and dropped; the current authentication token is shared (copy on write) between
/// `authNToken` and `store`, never copied.
package struct SimulatedDevice: Sendable {
    /// The device ID the device sends in clear.
    package var deviceID: DeviceID
    /// Index in the whole population (before sharding).
    package var globalIndex: UInt32
    /// How many times the device authenticated (makes each authentication GUID unique).
    package var generation: UInt32
    /// Requestor index.
    package var requestor: UInt16
    /// MVPD index (trusted by the requestor).
    package var mvpd: UInt16
    /// Expiry of the current authentication token, epoch milliseconds.
    package var authNExpiresAt: Int64
    /// The current authentication token (the same bytes the store holds).
    package var authNToken: [UInt8]
    /// The device's token storage (SDK rules).
    package var store: DeviceTokenStore
}
