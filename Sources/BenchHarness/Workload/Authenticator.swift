import AuthZCore
import AuthZSimulation

/// The simulated MVPD side: issues authentication tokens bound to devices (at set-up, after a
/// logout, and when a token expired), and the deliberately bad tokens of attack traffic.
package struct Authenticator: Sendable {
    /// The deployment's keys: its authN key signs the tokens (the engine verifies them with the
    /// public half), its binding key fingerprints the devices.
    package let keys: DeploymentKeys
    /// Names and trust relations.
    package let directory: WorkloadDirectory
    /// Lifetime of issued authentication tokens, milliseconds.
    package let ttlMillis: Int64

    /// An authenticator signing with `keys` for the names of `directory`. Declared because the
    /// synthesized initialiser is internal: tests build a population without a whole harness set-up.
    package init(keys: DeploymentKeys, directory: WorkloadDirectory, ttlMillis: Int64) {
        self.keys = keys
        self.directory = directory
        self.ttlMillis = ttlMillis
    }

    /// A signed authentication token; returns its bytes and body.
    package func token(
        deviceID: DeviceID,
        requestor: Int,
        mvpd: Int,
        guid: String,
        expiresAt: Int64
    ) throws
        -> (bytes: [UInt8], body: TokenBody)
    {
        try keys.authNToken(
            for: deviceID,
            requestorID: directory.requestorIDs[requestor],
            msoID: directory.mvpdIDs[mvpd],
            guid: guid,
            expiresAt: expiresAt
        )
    }

    /// (Re-)authenticates `device` at `now`: a fresh token (new GUID) stored in its bucket.
    package func authenticate(_ device: inout SimulatedDevice, now: Int64) throws {
        device.generation &+= 1
        let expiresAt = now &+ ttlMillis
        let issued = try token(
            deviceID: device.deviceID,
            requestor: Int(device.requestor),
            mvpd: Int(device.mvpd),
            guid: "d\(device.globalIndex)-g\(device.generation)",
            expiresAt: expiresAt
        )
        device.store.store(issued.body, bytes: issued.bytes, deviceID: device.deviceID)
        device.authNToken = issued.bytes
        device.authNExpiresAt = TokenDate(epochMillis: expiresAt).epochMillis
    }
}
