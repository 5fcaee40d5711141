import AuthZCore
import COpenSSL

extension MicroSuite {
    /// Sample device info, as a device would send it.
    package static let sampleDevice = DeviceInfo(
        advertisingID: "6D92078A-8246-4BA4-AE5B-76104861E7DC",
        vendorID: "A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF",
        model: "AppleTV11,1",
        teamID: "8XK9QZ2J7L"
    )

    /// Signature verify (1 and 2 threads) and sign per algorithm, hashing, HMAC fingerprints and
    /// constant-time comparison, each beside the direct libcrypto loop doing the same calls.
    package static func cryptoCases(where wanted: (String) -> Bool) throws -> [MicroCase] {
        let message = TokenSerializer.bodyBytes(sampleBody(.authn))
        var cases: [MicroCase] = []
        for algorithm in SignatureAlgorithm.allCases {
            let names = [
                "crypto.verify.\(algorithm.rawValue).t1", "crypto.verify.\(algorithm.rawValue).t2",
                "crypto.sign.\(algorithm.rawValue).t1",
            ]
            guard names.map(wanted).contains(true) else { continue }
            // HS256 keys are made from a known secret: the reference loop needs the same bytes.
            let secret: [UInt8] = algorithm == .hs256 ? (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } : []
            let key = algorithm == .hs256 ? SigningKey(hmacSecret: secret) : try SigningKey.generate(algorithm)
            let verifyingKey = key.verifyingKey
            let signature = try key.signature(for: message)
            let publicPEM = algorithm == .hs256 ? "" : try key.publicKeyPEM()
            let privatePEM = algorithm == .hs256 ? "" : try key.privateKeyPEM()
            // HS256 rows also show the floor: HMAC from precomputed key states, libcrypto direct.
            let verifyFloor: @Sendable () throws -> MicroLoop = {
                let loop = try CryptoReference.makePrecomputedHMACLoop(
                    key: secret,
                    message: message,
                    expected: signature
                )
                return { n in loop.run(n) }
            }
            let signFloor: @Sendable () throws -> MicroLoop = {
                let loop = try CryptoReference.makePrecomputedHMACLoop(key: secret, message: message)
                return { n in loop.run(n) }
            }
            for threads in [1, 2] {
                cases.append(
                    MicroCase(
                        name: "crypto.verify.\(algorithm.rawValue).t\(threads)",
                        threads: threads,
                        makeSubject: {
                            { n in
                                var valid = 0
                                message.withUnsafeBytes { m in
                                    signature.withUnsafeBytes { s in
                                        for _ in 0..<n where verifyingKey.isValidSignature(s, for: m) { valid += 1 }
                                    }
                                }
                                precondition(valid == n, "verification failed in the benchmark")
                            }
                        },
                        referenceLabel: "libcrypto direct",
                        makeReference: {
                            let loop = try CryptoReference.makeVerifyLoop(
                                algorithm: algorithm,
                                publicKeyPEM: publicPEM,
                                hmacSecret: secret,
                                message: message,
                                signature: signature
                            )
                            return { n in loop.run(n) }
                        },
                        floorLabel: algorithm == .hs256 ? hmacFloorLabel : nil,
                        makeFloor: algorithm == .hs256 ? verifyFloor : nil
                    )
                )
            }
            cases.append(
                MicroCase(
                    name: "crypto.sign.\(algorithm.rawValue).t1",
                    makeSubject: {
                        { n in signLoop(key, message, n) }
                    },
                    referenceLabel: "libcrypto direct",
                    makeReference: {
                        let loop = try CryptoReference.makeSignLoop(
                            algorithm: algorithm,
                            privateKeyPEM: privatePEM,
                            hmacSecret: secret,
                            message: message
                        )
                        return { n in loop.run(n) }
                    },
                    floorLabel: algorithm == .hs256 ? hmacFloorLabel : nil,
                    makeFloor: algorithm == .hs256 ? signFloor : nil
                )
            )
        }
        return cases.filter { wanted($0.name) } + deviceCases().filter { wanted($0.name) }
    }

    /// The label of the HMAC floor loops.
    static let hmacFloorLabel = "libcrypto SHA-256 from precomputed HMAC states"

    /// Signs `message` `n` times into one reused buffer (`signature(for:into:)`, no allocation), as
    /// the reference loop does.
    package static func signLoop(_ key: SigningKey, _ message: [UInt8], _ n: Int) {
        withUnsafeTemporaryAllocation(byteCount: key.maximumSignatureLength, alignment: 8) { out in
            message.withUnsafeBytes { m in
                var total = 0
                for _ in 0..<n { total &+= (try? key.signature(for: m, into: out)) ?? 0 }
                blackHole(total)
            }
        }
    }

    /// Device ID hashing, fingerprints and constant-time comparison.
    package static func deviceCases() -> [MicroCase] {
        let device = sampleDevice
        let canonical = device.canonicalBytes
        let deviceID = device.deviceID
        let secret = Array("the-device-binding-key-of-the-service".utf8)
        let bindingKey = try! DeviceBindingKey(secret: secret)
        let fingerprint = bindingKey.fingerprint(for: deviceID)
        let hexID = Array(deviceID.hexString.utf8)
        let left = [UInt8](repeating: 0x5A, count: 64)
        let right = [UInt8](repeating: 0x5A, count: 64)
        return [
            MicroCase(
                name: "device.id",
                makeSubject: { { n in storeEach(n, of: device, into: deviceID) { $0.deviceID } } },
                referenceLabel: "libcrypto SHA-256 of the joined fields",
                makeReference: {
                    let loop = try CryptoReference.makeSHA256Loop(message: canonical)
                    return { n in loop.run(n) }
                },
                floorLabel: "libcrypto SHA256_Init/Update/Final of the joined fields, hex",
                makeFloor: {
                    let loop = try CryptoReference.makeDirectSHA256HexLoop(message: canonical)
                    return { n in loop.run(n) }
                }
            ),
            MicroCase(
                name: "device.fingerprint",
                makeSubject: {
                    { n in storeEach(n, of: deviceID, into: fingerprint) { bindingKey.fingerprint(for: $0) } }
                },
                referenceLabel: "libcrypto EVP_MAC HMAC-SHA256",
                makeReference: {
                    let loop = try CryptoReference.makeHMACLoop(key: secret, message: hexID)
                    return { n in loop.run(n) }
                },
                floorLabel: hmacFloorLabel + ", hex",
                makeFloor: {
                    let loop = try CryptoReference.makePrecomputedHMACHexLoop(key: secret, message: hexID)
                    return { n in loop.run(n) }
                }
            ),
            MicroCase(
                name: "device.binding.check",
                makeSubject: {
                    { n in
                        var matched = 0
                        for _ in 0..<n where bindingKey.matches(fingerprint, deviceID: opaque(deviceID)) {
                            matched += 1
                        }
                        precondition(matched == n)
                    }
                }
            ),
            MicroCase(
                name: "ct.compare.64",
                makeSubject: {
                    { n in
                        var equal = 0
                        left.withUnsafeBytes { l in
                            right.withUnsafeBytes { r in
                                for _ in 0..<n where ConstantTime.equals(opaque(l), r) { equal += 1 }
                            }
                        }
                        blackHole(equal)
                    }
                },
                referenceLabel: "CRYPTO_memcmp",
                makeReference: {
                    { n in
                        var equal = 0
                        left.withUnsafeBytes { l in
                            right.withUnsafeBytes { r in
                                for _ in 0..<n where CRYPTO_memcmp(opaque(l).baseAddress, r.baseAddress, 64) == 0 {
                                    equal += 1
                                }
                            }
                        }
                        blackHole(equal)
                    }
                }
            ),
            MicroCase(
                name: "ct.compare.token.first_byte_differs",
                makeSubject: { compareLoop(differAt: 0) },
                referenceLabel: "equal inputs (ratio 1 = time independent of the data)",
                makeReference: { compareLoop(differAt: nil) }
            ),
        ]
    }

    /// Runs `operation` `n` times on `input`, storing each result through a pointer, as the floor
    /// loops write their output buffers. `input` passes through `opaque` once, so the optimiser
    /// cannot fold the work on a known value, and the loop then borrows it as any caller holding
    /// the value does; the result pointer passes through `opaque` too, so no store is dropped. An
    /// `opaque(input)` per iteration would copy the input each time (for a `DeviceInfo`:
    /// value-witness calls, two string retains and two releases), work that neither the floor nor
    /// a caller of the operation does.
    package static func storeEach<Input, Output>(
        _ n: Int,
        of input: Input,
        into initial: Output,
        _ operation: (Input) -> Output
    ) {
        let input = opaque(input)
        var output = initial
        withUnsafeMutablePointer(to: &output) { target in
            let target = opaque(target)
            for _ in 0..<n { target.pointee = operation(input) }
        }
        blackHole(output)
    }

    /// Compares two 670-byte tokens per iteration, differing at `differAt` (or equal).
    package static func compareLoop(differAt: Int?) -> MicroLoop {
        let left = [UInt8](repeating: 0x3C, count: 670)
        var right = left
        if let differAt { right[differAt] ^= 0xFF }
        let other = right
        return { n in
            var equal = 0
            left.withUnsafeBytes { l in
                other.withUnsafeBytes { r in
                    for _ in 0..<n where ConstantTime.equals(opaque(l), r) { equal += 1 }
                }
            }
            blackHole(equal)
        }
    }
}
