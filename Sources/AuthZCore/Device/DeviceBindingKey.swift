/// The server's device-binding key: fingerprints device IDs and checks them in constant time.
public struct DeviceBindingKey: Sendable {
    /// The HMAC-SHA256 key (parsed once, per-thread contexts).
    public let key: HMACSHA256Key

    /// Keys the binding with `secret`.
    public init(secret: some Collection<UInt8>) throws {
        key = try HMACSHA256Key(key: secret)
    }

    /// HMAC-SHA256(key, the device ID's 64 ASCII hex bytes), as a fingerprint.
    public func fingerprint(for deviceID: DeviceID) -> Fingerprint {
        Fingerprint(mac: deviceID.withUnsafeBytes { key.authenticationCode(for: $0) })
    }

    /// True when `fingerprintHex` is exactly the 64 lowercase hex digits of `deviceID`'s fingerprint.
    ///
    /// The 64 hex bytes are compared in constant time; a wrong length is false at once.
    public func matches(fingerprintHex: UnsafeRawBufferPointer, deviceID: DeviceID) -> Bool {
        guard fingerprintHex.count == 64 else { return false }
        let mac = deviceID.withUnsafeBytes { key.authenticationCode(for: $0) }
        return mac.withHexBytes { ConstantTime.equals($0, fingerprintHex) }
    }

    /// True when `fingerprintHex` is exactly the 64 lowercase hex digits of `deviceID`'s fingerprint.
    public func matches(fingerprintHex: some StringProtocol, deviceID: DeviceID) -> Bool {
        if let result = fingerprintHex.utf8.withContiguousStorageIfAvailable({
            matches(fingerprintHex: UnsafeRawBufferPointer($0), deviceID: deviceID)
        }) {
            return result
        }
        var text = String(fingerprintHex)
        return text.withUTF8 { matches(fingerprintHex: UnsafeRawBufferPointer($0), deviceID: deviceID) }
    }

    /// True when `fingerprint` is `deviceID`'s fingerprint (constant-time comparison).
    public func matches(_ fingerprint: Fingerprint, deviceID: DeviceID) -> Bool {
        fingerprint.withUnsafeBytes { matches(fingerprintHex: $0, deviceID: deviceID) }
    }
}
