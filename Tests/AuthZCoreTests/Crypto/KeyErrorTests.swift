import AuthZCore
import Foundation
import Testing

@Suite("Key parsing errors and ES256 signature encodings")
struct KeyErrorTests {
    static func message(of body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch let error as CryptoError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func wrongKeyTypeNamesExpectedAndActual() throws {
        let rsa = try SigningKey.generate(.rs256)
        let ec = try SigningKey.generate(.es256)
        let ed = try SigningKey.generate(.ed25519)
        let rsaPub = try rsa.publicKeyPEM()
        let ecPub = try ec.publicKeyPEM()
        let edPub = try ed.publicKeyPEM()
        #expect(
            Self.message { _ = try VerifyingKey(pem: rsaPub, algorithm: .es256) }
                .contains("expected an EC P-256 public key for es256, got RSA")
        )
        #expect(
            Self.message { _ = try VerifyingKey(pem: ecPub, algorithm: .rs256) }
                .contains("for rs256, got EC prime256v1")
        )
        #expect(
            Self.message { _ = try VerifyingKey(pem: rsaPub, algorithm: .ed25519) }
                .contains("expected an Ed25519 public key for ed25519, got RSA")
        )
        #expect(
            Self.message { _ = try VerifyingKey(pem: edPub, algorithm: .es256) }
                .contains("got ED25519")
        )
        #expect(
            Self.message { _ = try SigningKey(pem: ec.privateKeyPEM(), algorithm: .ed25519) }
                .contains("expected an Ed25519 private key for ed25519, got EC")
        )
        #expect(Self.message { _ = try VerifyingKey(pem: ecPub, algorithm: .hs256) }.contains("init(hmacSecret:)"))
    }

    /// An EC private key whose embedded public point is another key's: the structure parses, but
    /// the key would sign tokens its own verifying key rejects, so loading it fails.
    @Test func aPrivateKeyWithAnotherKeysPublicPointIsRejected() throws {
        let a = try SigningKey.generate(.es256)
        let b = try SigningKey.generate(.es256)
        func der(_ pem: String) throws -> [UInt8] {
            let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            return try #require(Base64.decode(body))
        }
        func pem(_ der: [UInt8]) -> String {
            let text = Base64.encode(der)
            var lines: [Substring] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                lines.append(rest.prefix(64))
                rest = rest.dropFirst(64)
            }
            return "-----BEGIN PRIVATE KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PRIVATE KEY-----\n"
        }
        let aDER = try der(a.privateKeyPEM())
        let bDER = try der(b.privateKeyPEM())
        // PKCS#8 around SEC1: the key ends with its public point, 04 || X || Y (65 bytes).
        try #require(aDER.count == bDER.count && aDER[aDER.count - 65] == 0x04)
        let spliced = Array(aDER.dropLast(65)) + bDER.suffix(65)
        #expect(Self.message { _ = try SigningKey(pem: pem(aDER), algorithm: .es256) } == "no error")
        #expect(
            Self.message { _ = try SigningKey(pem: pem(spliced), algorithm: .es256) }
                .contains("public half does not match its private half")
        )
        #expect(
            Self.message { _ = try SigningKey(der: spliced, algorithm: .es256) }
                .contains("public half does not match")
        )
    }

    /// A key whose signatures do not fit the 1 KiB `signatureInfo` field once base64-encoded is
    /// refused (RSA above 6144 bits: 768-byte signatures are 1,024 base64 characters, 769 are 1,028);
    /// the keys of every algorithm in use fit.
    @Test func signaturesMustFitTheSignatureField() throws {
        #expect(SigningKey.signatureFitsTokenFormat(maxLength: 768))
        #expect(!SigningKey.signatureFitsTokenFormat(maxLength: 769))
        #expect(!SigningKey.signatureFitsTokenFormat(maxLength: 1_024))  // RSA 8192
        for algorithm in [SignatureAlgorithm.es256, .rs256, .ed25519] {
            #expect(Self.message { _ = try SigningKey.generate(algorithm) } == "no error")
        }
    }

    @Test func otherCurvesAndSmallRSAKeysAreRejected() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.openssl(["ecparam", "-genkey", "-name", "secp384r1", "-out", "p384.pem"], in: directory)
        try TestSupport.openssl(["genrsa", "-out", "rsa1024.pem", "1024"], in: directory)
        let p384 = try TestSupport.readText("p384.pem", in: directory)
        let rsa1024 = try TestSupport.readText("rsa1024.pem", in: directory)
        #expect(
            Self.message { _ = try SigningKey(pem: p384, algorithm: .es256) }
                .contains("expected an EC P-256 private key for es256, got EC secp384r1")
        )
        #expect(
            Self.message { _ = try SigningKey(pem: rsa1024, algorithm: .rs256) }
                .contains("RSA private key of 1024 bits is too small for rs256 (minimum 2048)")
        )
        let rsa1024Pub = try TestSupport.openssl(["pkey", "-in", "rsa1024.pem", "-pubout"], in: directory)
        #expect(
            Self.message { _ = try VerifyingKey(pem: String(decoding: rsa1024Pub, as: UTF8.self), algorithm: .rs256) }
                .contains("RSA public key of 1024 bits is too small")
        )
    }

    @Test func malformedAndEmptyInputs() {
        #expect(Self.message { _ = try VerifyingKey(pem: "", algorithm: .es256) }.contains("empty public key PEM"))
        #expect(Self.message { _ = try VerifyingKey(der: [], algorithm: .es256) }.contains("empty public key DER"))
        #expect(Self.message { _ = try SigningKey(pem: "", algorithm: .rs256) }.contains("empty private key PEM"))
        #expect(Self.message { _ = try SigningKey(der: [], algorithm: .rs256) }.contains("empty private key DER"))
        let garbage = "-----BEGIN PUBLIC KEY-----\nnot base64!!\n-----END PUBLIC KEY-----\n"
        let error = Self.message { _ = try VerifyingKey(pem: garbage, algorithm: .es256) }
        #expect(error.contains("malformed public key PEM"))
        #expect(
            Self.message { _ = try VerifyingKey(der: [0x30, 0x03, 0x02, 0x01, 0x00], algorithm: .es256) }
                .contains("malformed public key DER")
        )
        #expect(Self.message { _ = try SigningKey(pem: "hello", algorithm: .ed25519) }.contains("malformed"))
    }

    /// Splits a DER ECDSA signature into raw r||s (32 bytes each).
    static func raw(fromDER der: [UInt8]) -> [UInt8] {
        var index = 2
        var out: [UInt8] = []
        for _ in 0..<2 {
            let length = Int(der[index + 1])
            var integer = Array(der[(index + 2)..<(index + 2 + length)])
            while integer.count > 32 { integer.removeFirst() }
            out += [UInt8](repeating: 0, count: 32 - integer.count) + integer
            index += 2 + length
        }
        return out
    }

    @Test func es256AcceptsRawRAndSAndRoundTripsTheEncoding() throws {
        let signer = try SigningKey.generate(.es256)
        let message = Array("token body".utf8)
        for _ in 0..<20 {
            let der = try signer.signature(for: message)
            let raw = Self.raw(fromDER: der)
            #expect(raw.count == 64)
            #expect(signer.verifyingKey.isValidSignature(raw, for: message))
            let rebuilt = raw.withUnsafeBytes { rawBytes in
                withUnsafeTemporaryAllocation(byteCount: 72, alignment: 8) { out in
                    Array(out[0..<ECDSASignatureEncoding.der(fromRaw: rawBytes, into: out)])
                }
            }
            #expect(rebuilt == der)
            #expect(der.withUnsafeBytes { ECDSASignatureEncoding.isCompleteDERSequence($0) })
            #expect(!raw.withUnsafeBytes { ECDSASignatureEncoding.isCompleteDERSequence($0) } || raw == der)
            #expect(!signer.verifyingKey.isValidSignature(Array(raw.dropLast()), for: message))
        }
    }
}
