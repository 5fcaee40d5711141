import AuthZCore
import Foundation
import Testing

/// Project Wycheproof vectors, read from `$WYCHEPROOF_DIR` or `../shared/vectors/wycheproof` next to
/// the package root. Every `valid` vector must verify, every `invalid` one must not; `acceptable`
/// may go either way.
@Suite("Wycheproof vectors")
struct WycheproofTests {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["WYCHEPROOF_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/vectors/wycheproof")
    }

    /// The parsed test groups of `file`, or `nil` after recording an issue saying where we looked.
    static func groups(_ file: String) -> [[String: Any]]? {
        let url = directory.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "Wycheproof vectors missing: \(file) not found at \(url.path) (set WYCHEPROOF_DIR or place the files in ../shared/vectors/wycheproof)"
            )
            return nil
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let groups = json["testGroups"] as? [[String: Any]]
        else {
            Issue.record("Wycheproof file \(url.path) is not the expected JSON")
            return nil
        }
        return groups
    }

    struct Tally: CustomStringConvertible {
        var run = 0, valid = 0, invalid = 0, acceptable = 0, skipped = 0
        var description: String {
            "\(run) vectors (\(valid) valid, \(invalid) invalid, \(acceptable) acceptable, \(skipped) skipped)"
        }
    }

    @Test(arguments: [
        ("ecdsa_secp256r1_sha256_test.json", SignatureAlgorithm.es256),
        ("ecdsa_secp256r1_sha256_p1363_test.json", .es256),
        ("rsa_signature_2048_sha256_test.json", .rs256),
        ("ed25519_test.json", .ed25519),
    ])
    func signatureVectors(file: String, algorithm: SignatureAlgorithm) throws {
        guard let groups = Self.groups(file) else { return }
        var tally = Tally()
        for group in groups {
            let keyDER = TestSupport.bytes(hex: group["publicKeyDer"] as? String ?? "")
            let tests = group["tests"] as? [[String: Any]] ?? []
            let key: VerifyingKey
            do {
                key = try VerifyingKey(der: keyDER, algorithm: algorithm)
            } catch {
                let needed = tests.filter { ($0["result"] as? String) == "valid" }.count
                #expect(needed == 0, "\(file): a key with \(needed) valid vectors was rejected: \(error)")
                tally.skipped += tests.count
                continue
            }
            for test in tests {
                let id = test["tcId"] as? Int ?? -1
                let message = TestSupport.bytes(hex: test["msg"] as? String ?? "")
                let signature = TestSupport.bytes(hex: test["sig"] as? String ?? "")
                let accepted = key.isValidSignature(signature, for: message)
                tally.run += 1
                switch test["result"] as? String {
                case "valid":
                    tally.valid += 1
                    #expect(accepted, "\(file) tcId \(id) (\(test["comment"] ?? "")) should verify")
                case "invalid":
                    tally.invalid += 1
                    #expect(!accepted, "\(file) tcId \(id) (\(test["comment"] ?? "")) should be rejected")
                default:
                    tally.acceptable += 1
                }
            }
        }
        print("Wycheproof \(file): \(tally)")
        #expect(tally.run > 0)
    }

    /// HMAC vectors: full 256-bit tags through `isValidAuthenticationCode`; truncated tags compare a
    /// prefix of `authenticationCode` (the verifying API takes full tags only).
    @Test func hmacVectors() throws {
        let file = "hmac_sha256_test.json"
        guard let groups = Self.groups(file) else { return }
        var tally = Tally()
        var truncated = 0
        for group in groups {
            let tagBytes = (group["tagSize"] as? Int ?? 256) / 8
            for test in group["tests"] as? [[String: Any]] ?? [] {
                let id = test["tcId"] as? Int ?? -1
                let key = try HMACSHA256Key(key: TestSupport.bytes(hex: test["key"] as? String ?? ""))
                let message = TestSupport.bytes(hex: test["msg"] as? String ?? "")
                let tag = TestSupport.bytes(hex: test["tag"] as? String ?? "")
                let accepted: Bool
                if tagBytes == SHA256Digest.byteCount {
                    accepted = message.withUnsafeBytes { data in
                        tag.withUnsafeBytes { key.isValidAuthenticationCode($0, for: data) }
                    }
                } else {
                    truncated += 1
                    let prefix = Array(key.authenticationCode(for: message).bytes.prefix(tagBytes))
                    accepted = prefix.withUnsafeBytes { computed in
                        tag.withUnsafeBytes { ConstantTime.equals(computed, $0) }
                    }
                }
                tally.run += 1
                switch test["result"] as? String {
                case "valid":
                    tally.valid += 1
                    #expect(accepted, "\(file) tcId \(id) should verify")
                case "invalid":
                    tally.invalid += 1
                    #expect(!accepted, "\(file) tcId \(id) should be rejected")
                default:
                    tally.acceptable += 1
                }
            }
        }
        print("Wycheproof \(file): \(tally), \(truncated) with truncated tags compared by prefix")
        #expect(tally.run > 0)
    }
}
