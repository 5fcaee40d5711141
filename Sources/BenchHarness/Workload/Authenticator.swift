import AuthZCore

/// The simulated MVPD side: issues authentication tokens bound to devices (at set-up, after a
/// logout, and when a token expired), and the deliberately bad tokens of attack traffic.
package struct Authenticator: Sendable {
    /// Signs authentication tokens (the engine verifies them with its public half).
    package let issuer: TokenIssuer
    /// The server's device-binding key (fingerprints embedded in tokens).
    package let bindingKey: DeviceBindingKey
    /// Names and trust relations.
    package let directory: WorkloadDirectory
    /// Lifetime of issued authentication tokens, milliseconds.
    package let ttlMillis: Int64

    /// The domain written into every token.
    package static let domain = "example.com"

    /// Creates a value from its stored properties. Declared because the synthesized one is internal:
    /// tests build a population with it, without a whole harness set-up.
    package init(issuer: TokenIssuer, bindingKey: DeviceBindingKey, directory: WorkloadDirectory, ttlMillis: Int64) {
        self.issuer = issuer
        self.bindingKey = bindingKey
        self.directory = directory
        self.ttlMillis = ttlMillis
    }

    /// A signed authentication token; returns its bytes and body.
    package func token(deviceID: DeviceID, requestor: Int, mvpd: Int, guid: String, expiresAt: Int64) throws
        -> (bytes: [UInt8], body: TokenBody)
    {
        let body = TokenBody.authn(AuthNTokenBody(
            guid: guid, requestorID: directory.requestorIDs[requestor], domainName: Self.domain,
            expires: TokenDate(epochMillis: expiresAt), msoID: directory.mvpdIDs[mvpd],
            fingerprint: bindingKey.fingerprint(for: deviceID).hexString))
        return (try issuer.issue(body), body)
    }

    /// (Re-)authenticates `device` at `now`: a fresh token (new GUID) stored in its bucket.
    package func authenticate(_ device: inout SimulatedDevice, now: Int64) throws {
        device.generation &+= 1
        let expiresAt = now &+ ttlMillis
        let issued = try token(
            deviceID: device.deviceID, requestor: Int(device.requestor), mvpd: Int(device.mvpd),
            guid: "d\(device.globalIndex)-g\(device.generation)", expiresAt: expiresAt)
        device.store.store(issued.body, bytes: issued.bytes, deviceID: device.deviceID)
        device.authNToken = issued.bytes
        device.authNExpiresAt = TokenDate(epochMillis: expiresAt).epochMillis
    }
}
