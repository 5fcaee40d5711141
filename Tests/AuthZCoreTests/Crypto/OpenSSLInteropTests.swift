import AuthZCore
import Foundation
import Testing

@Suite("Interop with the openssl command line")
struct OpenSSLInteropTests {
    /// How each key file is made: (algorithm, openssl arguments writing key.pem).
    static let keyRecipes: [(SignatureAlgorithm, [String])] = [
        (.es256, ["ecparam", "-genkey", "-name", "prime256v1", "-out", "key.pem"]),
        (.es256, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "key.pem"]),
        (.rs256, ["genrsa", "-traditional", "-out", "key.pem", "2048"]),
        (.rs256, ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "key.pem"]),
        (.ed25519, ["genpkey", "-algorithm", "ed25519", "-out", "key.pem"]),
    ]

    static let message = Array("<shortAuthorizationToken><sessionGUID>42</sessionGUID></shortAuthorizationToken>".utf8)

    @Test(arguments: 0..<keyRecipes.count)
    func cliSignaturesVerifyAndEveryByteFlipFails(recipe: Int) throws {
        let (algorithm, generate) = Self.keyRecipes[recipe]
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.openssl(generate, in: directory)
        try TestSupport.openssl(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"], in: directory)
        try TestSupport.write(Self.message, to: "msg.bin", in: directory)
        if algorithm == .ed25519 {
            try TestSupport.openssl(
                ["pkeyutl", "-sign", "-rawin", "-inkey", "key.pem", "-in", "msg.bin", "-out", "sig.bin"],
                in: directory
            )
        } else {
            try TestSupport.openssl(
                ["dgst", "-sha256", "-sign", "key.pem", "-out", "sig.bin", "msg.bin"],
                in: directory
            )
        }
        let signature = try TestSupport.read("sig.bin", in: directory)
        let verifier = try VerifyingKey(pem: TestSupport.readText("pub.pem", in: directory), algorithm: algorithm)
        #expect(verifier.algorithm == algorithm)
        #expect(verifier.isValidSignature(signature, for: Self.message))
        for flipped in TestSupport.flippedCopies(Self.message) {
            #expect(!verifier.isValidSignature(signature, for: flipped))
        }
        for flipped in TestSupport.flippedCopies(signature) {
            #expect(!verifier.isValidSignature(flipped, for: Self.message))
        }
        #expect(!verifier.isValidSignature([], for: Self.message))

        // Our signatures, from the same PEM private key, verify with openssl.
        let signer = try SigningKey(pem: TestSupport.readText("key.pem", in: directory), algorithm: algorithm)
        let ours = try signer.signature(for: Self.message)
        #expect(signer.verifyingKey.isValidSignature(ours, for: Self.message))
        #expect(verifier.isValidSignature(ours, for: Self.message))
        try TestSupport.write(ours, to: "ours.bin", in: directory)
        let check: [String] =
            algorithm == .ed25519
            ? ["pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-rawin", "-in", "msg.bin", "-sigfile", "ours.bin"]
            : ["dgst", "-sha256", "-verify", "pub.pem", "-signature", "ours.bin", "msg.bin"]
        let result = try TestSupport.opensslStatus(check, in: directory)
        #expect(result.status == 0, "openssl rejected our \(algorithm.rawValue) signature: \(result.stderr)")
        // The key we export parses back and openssl reads it.
        try TestSupport.write(Array(try signer.privateKeyPEM().utf8), to: "exported.pem", in: directory)
        try TestSupport.openssl(["pkey", "-in", "exported.pem", "-noout"], in: directory)
        #expect(try signer.publicKeyPEM() == TestSupport.readText("pub.pem", in: directory))
    }

    @Test(arguments: SignatureAlgorithm.allCases)
    func generatedKeysSignAndOpenSSLVerifies(algorithm: SignatureAlgorithm) throws {
        let signer = try SigningKey.generate(algorithm)
        let signature = try signer.signature(for: Self.message)
        #expect(signer.verifyingKey.isValidSignature(signature, for: Self.message))
        #expect(!signer.verifyingKey.isValidSignature(signature, for: Self.message.dropLast() + [0]))
        guard algorithm != .hs256 else {
            #expect(signature.count == 32)
            #expect(throws: CryptoError.self) { try signer.privateKeyPEM() }
            return
        }
        let reloaded = try SigningKey(pem: signer.privateKeyPEM(), algorithm: algorithm)
        #expect(try reloaded.publicKeyPEM() == signer.publicKeyPEM())
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(Self.message, to: "msg.bin", in: directory)
        try TestSupport.write(signature, to: "sig.bin", in: directory)
        try TestSupport.write(Array(try signer.publicKeyPEM().utf8), to: "pub.pem", in: directory)
        let check: [String] =
            algorithm == .ed25519
            ? ["pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-rawin", "-in", "msg.bin", "-sigfile", "sig.bin"]
            : ["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.bin", "msg.bin"]
        let result = try TestSupport.opensslStatus(check, in: directory)
        #expect(result.status == 0, "openssl rejected a generated \(algorithm.rawValue) signature: \(result.stderr)")
    }

    /// Keys around the block size (zero-padded, exactly one block, hashed first) and message
    /// lengths around SHA-256's block and padding boundaries: the precomputed states give
    /// `openssl dgst -mac HMAC`'s answer for each.
    @Test(arguments: [0, 1, 32, 63, 64, 65, 200])
    func hmacFromPrecomputedStatesMatchesOpenSSL(keyLength: Int) throws {
        let secret = (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        let key = try HMACSHA256Key(key: secret)
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for messageLength in [0, 55, 56, 64, 119, 120, 160] {
            let message = (0..<messageLength).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ keyLength) }
            try TestSupport.write(message, to: "msg.bin", in: directory)
            // openssl refuses an empty hexkey; the empty key and the one-byte key 0x00 are one function.
            let hexKey = keyLength == 0 ? "00" : TestSupport.hex(secret)
            let expected = try TestSupport.openssl(
                ["dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:\(hexKey)", "-binary", "msg.bin"],
                in: directory
            )
            #expect(
                key.authenticationCode(for: message).bytes == expected,
                "key \(keyLength), message \(messageLength)"
            )
        }
    }

    @Test func hmacMatchesOpenSSLAndHS256Verifies() throws {
        let secret = TestSupport.bytes(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(Self.message, to: "msg.bin", in: directory)
        let expected = try TestSupport.openssl(
            ["dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:\(TestSupport.hex(secret))", "-binary", "msg.bin"],
            in: directory
        )
        let key = try HMACSHA256Key(key: secret)
        #expect(key.authenticationCode(for: Self.message).bytes == expected)
        let verifier = VerifyingKey(hmacSecret: secret)
        #expect(verifier.algorithm == .hs256)
        #expect(verifier.isValidSignature(expected, for: Self.message))
        #expect(try SigningKey(hmacSecret: secret).signature(for: Self.message) == expected)
        for flipped in TestSupport.flippedCopies(expected) {
            #expect(!verifier.isValidSignature(flipped, for: Self.message))
        }
        for flipped in TestSupport.flippedCopies(Self.message) {
            #expect(!verifier.isValidSignature(expected, for: flipped))
        }
    }
}
