import AuthZCore
import Foundation
import Testing

@Suite("Device ID and device-binding fingerprints")
struct DeviceBindingTests {
    static let info = DeviceInfo(advertisingID: "a", vendorID: "b", model: "c", teamID: "d")

    @Test func deviceIDMatchesOpenSSL() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // printf 'a\x1fb\x1fc\x1fd' | openssl dgst -sha256
        let expected = try TestSupport.openssl(
            ["dgst", "-sha256", "-binary"],
            in: directory,
            input: Array("a\u{1F}b\u{1F}c\u{1F}d".utf8)
        )
        let id = Self.info.deviceID
        #expect(id.hexString == TestSupport.hex(expected))
        #expect(Self.info.canonicalBytes == Array("a\u{1F}b\u{1F}c\u{1F}d".utf8))
        #expect(DeviceID(hexString: id.hexString) == id)
        #expect(id.withUnsafeBytes { Array($0) } == Array(id.hexString.utf8))
        let unicode = DeviceInfo(advertisingID: "é", vendorID: "", model: "TV 📺", teamID: "team")
        #expect(unicode.deviceID.hexString == SHA256.hash(Array("é\u{1F}\u{1F}TV 📺\u{1F}team".utf8)).hexString)
    }

    /// Canonical forms up to the 256-byte stack buffer are hashed from it, longer ones field by
    /// field: both must give the SHA-256 of the joined bytes, whichever field is long, at the
    /// buffer's edge (a form of 255, 256 and 257 bytes) and far past it, with multi-byte UTF-8;
    /// fields of every length up to 17 bytes cover each piece of the short-field copy.
    @Test(arguments: 0..<4, Array(0...17) + [98] + Array(232...241) + [1000])
    func deviceIDIsTheDigestOfTheJoinedFieldsAtAnyLength(longField: Int, length: Int) {
        var fields = ["adv", "vnd", "mdl", "tm"].map { $0 + "é" }  // 4 or 5 UTF-8 bytes each
        fields[longField] = String(repeating: "x", count: length) + (longField.isMultiple(of: 2) ? "" : "📺")
        let info = DeviceInfo(advertisingID: fields[0], vendorID: fields[1], model: fields[2], teamID: fields[3])
        let joined = Array(fields.joined(separator: "\u{1F}").utf8)
        #expect(info.canonicalBytes == joined)
        #expect(info.deviceID.hexString == SHA256.hash(joined).hexString)
    }

    @Test func hexParsingIsStrict() {
        let hex = Self.info.deviceID.hexString
        #expect(DeviceID(hexString: hex.uppercased()) == nil)
        #expect(DeviceID(hexString: String(hex.dropLast())) == nil)
        #expect(DeviceID(hexString: hex + "0") == nil)
        #expect(DeviceID(hexString: "") == nil)
        #expect(Fingerprint(hexString: hex)?.hexString == hex)
        #expect(Fingerprint(hexString: "z" + hex.dropFirst()) == nil)
    }

    @Test func fingerprintMatchesOpenSSLHMAC() throws {
        let secret = "device-binding-secret"
        let binding = try DeviceBindingKey(secret: Array(secret.utf8))
        let id = Self.info.deviceID
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = try TestSupport.openssl(
            ["dgst", "-sha256", "-mac", "HMAC", "-macopt", "key:\(secret)", "-binary"],
            in: directory,
            input: Array(id.hexString.utf8)
        )
        let fingerprint = binding.fingerprint(for: id)
        #expect(fingerprint.hexString == TestSupport.hex(expected))
        #expect(binding.matches(fingerprintHex: fingerprint.hexString, deviceID: id))
        #expect(binding.matches(fingerprintHex: fingerprint.hexString[...], deviceID: id))
        #expect(binding.matches(fingerprint, deviceID: id))
    }

    @Test func oneCharacterChangeAnywhereDoesNotMatch() throws {
        let binding = try DeviceBindingKey(secret: Array("k".utf8))
        let id = Self.info.deviceID
        let good = Array(binding.fingerprint(for: id).hexString.utf8)
        for index in good.indices {
            var bad = good
            bad[index] = bad[index] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            #expect(!bad.withUnsafeBytes { binding.matches(fingerprintHex: $0, deviceID: id) }, "position \(index)")
        }
        let idHex = Array(id.hexString.utf8)
        for index in idHex.indices {
            var other = idHex
            other[index] = other[index] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            let otherID = try #require(DeviceID(hexString: String(decoding: other, as: UTF8.self)))
            #expect(
                !good.withUnsafeBytes { binding.matches(fingerprintHex: $0, deviceID: otherID) },
                "device ID position \(index)"
            )
        }
        #expect(!binding.matches(fingerprintHex: String(decoding: good.dropLast(), as: UTF8.self), deviceID: id))
        #expect(!binding.matches(fingerprintHex: String(decoding: good, as: UTF8.self).uppercased(), deviceID: id))
        let otherKey = try DeviceBindingKey(secret: Array("k2".utf8))
        #expect(!otherKey.matches(fingerprintHex: String(decoding: good, as: UTF8.self), deviceID: id))
    }
}
