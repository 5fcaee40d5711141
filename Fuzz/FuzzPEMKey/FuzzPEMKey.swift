import AuthZCore
// libFuzzer target: key loading (`VerifyingKey` and `SigningKey` from PEM and DER).
//
// Any bytes, read as PEM text and as DER, for every public-key algorithm: loading either throws a
// `CryptoError` or gives a key of that algorithm; a loaded key verifies (and, for a private key,
// signs) a message without crashing. (Whether a signing key verifies its own signature is not
// asserted: a private key whose fields were mutated may still load and then sign wrongly.)
import CLibFuzzer

private let algorithms: [SignatureAlgorithm] = [.es256, .rs256, .ed25519]
private let message = Array("<shortAuthorizationToken></shortAuthorizationToken>".utf8)

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzPEMKey_main")
public func fuzzPEMKeyMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzPEMKey(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPEMKey(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    // Each form is parsed once (libcrypto's decoders are the slow part), then checked against
    // every algorithm exactly as `init(pem:algorithm:)` and `init(der:algorithm:)` do.
    let publicKeys = [try? KeyLoading.publicKey(pem: text), try? KeyLoading.publicKey(der: bytes)]
    let privateKeys = [try? KeyLoading.privateKey(pem: text), try? KeyLoading.privateKey(der: bytes)]
    for algorithm in algorithms {
        for case let parsed? in publicKeys {
            guard let key = try? VerifyingKey(checking: parsed, algorithm: algorithm) else { continue }
            precondition(key.algorithm == algorithm, "loaded a \(key.algorithm) key for \(algorithm)")
            precondition(!key.isValidSignature([1, 2, 3], for: message), "a 3-byte signature verified")
        }
        for case let parsed? in privateKeys {
            guard let key = try? SigningKey(checking: parsed, algorithm: algorithm) else { continue }
            precondition(key.algorithm == algorithm, "loaded a \(key.algorithm) key for \(algorithm)")
            guard let signature = try? key.signature(for: message) else { continue }
            _ = key.verifyingKey.isValidSignature(signature, for: message)
        }
    }
    return 0
}
