import AuthZCore

/// A worker's ready-made attack material, issued at set-up: long-lived valid tokens of the kit's
/// own devices (bases for tampering and for the wrong-device attack), tokens from the untrusted
/// MVPD, and tokens that expired long ago (beyond any clock skew).
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

    /// How many devices a kit uses (distinct devices, so the wrong-device attack works).
    package static let size = 8

    /// No attack material (a run without attack traffic).
    package init() {}

    /// Issues the kit of worker `worker` of shard `shard` (of `threads` workers): its own `size`
    /// devices, numbered after the `devices` of the population so that they are no device a
    /// session drives (any population size, even one device, gives every kit distinct devices).
    package init(
        worker: Int,
        threads: Int,
        shard: Int,
        devices: Int,
        seed: UInt64,
        authenticator: Authenticator,
        now: Int64
    ) throws {
        let directory = authenticator.directory
        let untrusted = directory.untrustedMVPD
        let first = devices + (shard * threads + worker) * Self.size
        for n in 0..<Self.size {
            let g = first + n
            let deviceID = Population.deviceInfo(seed: seed, index: g).deviceID
            let assigned = directory.assignment(seed: seed, device: g)
            func entry(mvpd: Int, expiresAt: Int64, tag: String) throws -> Entry {
                let issued = try authenticator.token(
                    deviceID: deviceID,
                    requestor: assigned.requestor,
                    mvpd: mvpd,
                    guid: "kit\(worker)-\(n)-\(tag)",
                    expiresAt: expiresAt
                )
                return Entry(
                    token: issued.bytes,
                    deviceID: deviceID,
                    requestor: assigned.requestor,
                    signature: Self.signatureRange(issued.bytes)
                )
            }
            let day: Int64 = 86_400_000
            valid.append(try entry(mvpd: assigned.mvpd, expiresAt: now + 30 * day, tag: "v"))
            self.untrusted.append(try entry(mvpd: untrusted, expiresAt: now + 30 * day, tag: "u"))
            expired.append(try entry(mvpd: assigned.mvpd, expiresAt: now - 2 * day, tag: "x"))
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
