import AuthZCore
import BenchHarness
import Testing

/// The floors of `device.id` and `device.fingerprint` write what the rows' subjects return, so the
/// ratios compare the same work.
@Suite("Micro: the device rows' floors do their subjects' work")
struct DeviceFloorTests {
    @Test func deviceIDFloorWritesTheDeviceID() throws {
        let device = MicroSuite.sampleDevice
        let loop = try CryptoReference.makeDirectSHA256HexLoop(message: device.canonicalBytes)
        loop.run(3)
        #expect(loop.successes == 3)
        #expect(loop.hexDigits == device.deviceID.hexString)
    }

    @Test func fingerprintFloorWritesTheFingerprint() throws {
        let secret = Array("the-device-binding-key-of-the-service".utf8)
        let deviceID = MicroSuite.sampleDevice.deviceID
        let loop = try CryptoReference.makePrecomputedHMACHexLoop(key: secret, message: Array(deviceID.hexString.utf8))
        loop.run(3)
        #expect(loop.successes == 3)
        #expect(loop.hexDigits == (try DeviceBindingKey(secret: secret)).fingerprint(for: deviceID).hexString)
    }

    @Test(arguments: [0, 1, 5])
    func storeEachRunsTheOperationNTimes(count: Int) {
        var calls = 0
        MicroSuite.storeEach(count, of: 20, into: 0) { input in
            calls += 1
            return input + calls
        }
        #expect(calls == count)
    }
}
