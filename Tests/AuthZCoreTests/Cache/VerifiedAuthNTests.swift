import AuthZCore
import Testing

/// The verified-token entry: one shared immutable object, so a memo set on one value is that
/// value's own.
@Suite("Verified authN: shared facts, a binding memo per value")
struct VerifiedAuthNTests {
    static func device(_ n: Int) -> DeviceID {
        DeviceInfo(advertisingID: "ad-\(n)", vendorID: "vendor-\(n)", model: "TV", teamID: "team").deviceID
    }

    @Test func settingTheMemoOnACopyLeavesTheOriginalAndKeepsTheFacts() throws {
        let fingerprint = try #require(Fingerprint(hexString: String(repeating: "ab", count: 32)))
        let original = VerifiedAuthN(
            guid: AuthNGUID("guid-1"),
            requestorID: "NBC",
            msoID: "Comcast",
            expiresAt: 1_800_000_000_000,
            fingerprint: fingerprint,
            boundDeviceID: Self.device(1)
        )
        var copy = original
        copy.boundDeviceID = Self.device(2)
        #expect(original.boundDeviceID == Self.device(1))
        #expect(copy.boundDeviceID == Self.device(2))
        for value in [original, copy] {
            #expect(value.guid == AuthNGUID("guid-1"))
            #expect(value.requestorID == "NBC")
            #expect(value.msoID == "Comcast")
            #expect(value.expiresAt == 1_800_000_000_000)
            #expect(value.fingerprint == fingerprint)
        }
        copy.boundDeviceID = nil
        #expect(copy.boundDeviceID == nil)
        #expect(original.boundDeviceID == Self.device(1))
    }

    /// The value is one reference: copying it out of a cache moves one word.
    @Test func theValueIsOneWord() {
        #expect(MemoryLayout<VerifiedAuthN>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<VerifiedAuthN?>.size == MemoryLayout<Int>.size)
    }
}
