import AuthZCore

/// A worker's ready-made attack material, issued at set-up: long-lived valid tokens of its own
/// devices (bases for tampering and for the wrong-device attack), tokens from the untrusted MVPD,
/// and tokens that expired long ago (beyond any clock skew).
package struct AttackKit: Sendable {
    /// A token and the device it is bound to.
    package struct Entry: Sendable {
        /// The token bytes.
        package var token: [UInt8]
        /// The device it was issued to.
        package var deviceID: DeviceID
        /// The requestor it was issued for.
        package var requestor: Int
        /// Where the base64 signature starts and ends in `token`.
        package var signature: Range<Int>
    }

    /// Valid, long-lived tokens (one per kit device).
    package var valid: [Entry] = []
    /// Valid signatures from the MVPD no requestor trusts.
    package var untrusted: [Entry] = []
    /// Tokens whose expiry is two days in the past.
    package var expired: [Entry] = []

    /// How many devices of a slice a kit uses (distinct devices, so the wrong-device attack works).
    package static let size = 8

    /// Issues a kit for the first devices of `devices` (at least 2).
    package init(worker: Int, devices: ArraySlice<SimulatedDevice>, authenticator: Authenticator, now: Int64) throws {
        precondition(devices.count >= 2, "an attack kit needs two devices")
        let untrusted = authenticator.directory.untrustedMVPD
        for (n, device) in devices.prefix(Self.size).enumerated() {
            let requestor = Int(device.requestor)
            func entry(mvpd: Int, expiresAt: Int64, tag: String) throws -> Entry {
                let issued = try authenticator.token(
                    deviceID: device.deviceID, requestor: requestor, mvpd: mvpd,
                    guid: "kit\(worker)-\(n)-\(tag)", expiresAt: expiresAt)
                return Entry(token: issued.bytes, deviceID: device.deviceID, requestor: requestor,
                    signature: Self.signatureRange(issued.bytes))
            }
            let day: Int64 = 86_400_000
            valid.append(try entry(mvpd: Int(device.mvpd), expiresAt: now + 30 * day, tag: "v"))
            self.untrusted.append(try entry(mvpd: untrusted, expiresAt: now + 30 * day, tag: "u"))
            expired.append(try entry(mvpd: Int(device.mvpd), expiresAt: now - 2 * day, tag: "x"))
        }
    }

    /// The base64 signature's byte range in a wire-format token (`<signatureInfo>` ... `</`).
    package static func signatureRange(_ token: [UInt8]) -> Range<Int> {
        let start = "<signatureInfo>".utf8.count
        var end = start
        while end < token.count && token[end] != UInt8(ascii: "<") { end += 1 }
        return start..<end
    }

    /// A copy of `entry`'s token with one signature character changed (position varies with `n`,
    /// away from the final padding characters): still base64, no longer the signature.
    package static func tampered(_ entry: Entry, variant n: Int) -> [UInt8] {
        var token = entry.token
        let usable = max(1, entry.signature.count - 8)
        let position = entry.signature.lowerBound + 2 + n % usable
        token[position] = token[position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        return token
    }
}
