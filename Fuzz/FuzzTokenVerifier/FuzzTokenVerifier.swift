import AuthZCore
// libFuzzer target: the verifier entry points, with real keys.
//
// Any bytes are verified as a token with one key per algorithm (ES256, RS256, Ed25519 public keys
// and an HS256 secret). The private halves of these test-only keys were thrown away, so nothing the
// fuzzer makes may ever be accepted: the only allowed answers are INVALID_TOKEN_FORMAT and
// INVALID_SIGNATURE, from both `TokenVerifier.verify` and `MediaTokenVerifier.verify`.
import CLibFuzzer

/// Test-only public keys whose private keys no longer exist.
enum FuzzKeys {
    static let es256 = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/E9Fe5gaAC21C4uoKnCqo2xMyuUa
        yrCtxzJHHypepP/q6qyE4EjgsMG3MI/BndEn0F0cotu8+yW2DPczKgECdA==
        -----END PUBLIC KEY-----
        """
    static let ed25519 = """
        -----BEGIN PUBLIC KEY-----
        MCowBQYDK2VwAyEAFN8hU+L9WfeQqqHpB1VBaaqHB4brZU4MxYcSQIJw518=
        -----END PUBLIC KEY-----
        """
    static let rs256 = """
        -----BEGIN PUBLIC KEY-----
        MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAn76zDeBsrFoj50fgRiRz
        5F2IdAQCZl61djwjcpu5Zga4EN0W45izmK0Jxducokb9M4eb5j+c9x8WaINAGbrU
        MQx3wlG1N2mJypc3etDB0ND5Fu8OLMhQYeBpZnel3hK4gBZfrSRNoxxt8HSUrUxA
        mAPF1MfNqL4rb/pK8e1QNra3KRPXRSYYUnbnboPIgTVAfIPTuZ69iDpYXhMiBT1M
        UR1cQS48j0Q61S2rR8WUSaS3DIdOdPx0Pv/CYzwxFdgyEGs6Pu3XrI7zBNeRLdZ0
        WSGKyBQrcEx5m4rDboi8juWi2Vabbkb8W36IOJmtRJb/OBzrwn1waUJnPjR9fKgu
        FQIDAQAB
        -----END PUBLIC KEY-----
        """

    /// One verifying key per algorithm.
    static let all: [VerifyingKey] = {
        do {
            return [
                try VerifyingKey(pem: es256, algorithm: .es256),
                try VerifyingKey(pem: rs256, algorithm: .rs256),
                try VerifyingKey(pem: ed25519, algorithm: .ed25519),
                VerifyingKey(hmacSecret: Array("authz-bench fuzzing secret, never used to sign".utf8)),
            ]
        } catch {
            fatalError("test keys do not load: \(error)")
        }
    }()

    static let verifiers = all.map { TokenVerifier(key: $0) }
    static let mediaVerifiers = all.map {
        MediaTokenVerifier(key: $0, skewMillis: 1 << 40, replayGuard: ReplayGuard(capacity: 1_024))
    }
}

/// 2011-03-19 00:29:34 UTC, the seed's example instant.
private let now: Int64 = 1_300_494_574_000

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzTokenVerifier_main")
public func fuzzTokenVerifierMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTokenVerifier(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenVerifier(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    for verifier in FuzzKeys.verifiers {
        switch verifier.verify(input, now: now, resource: "fuzz") {
        case .success(let token):
            preconditionFailure("\(verifier.key.algorithm) verifier accepted a forged token: \(token)")
        case .failure(let rejection):
            precondition(
                rejection.code == .invalidTokenFormat || rejection.code == .invalidSignature,
                "\(verifier.key.algorithm) verifier got past the signature: \(rejection)"
            )
        }
    }
    for verifier in FuzzKeys.mediaVerifiers {
        let code = verifier.verify(input, resource: "fuzz", now: now)
        precondition(
            code == .invalidTokenFormat || code == .invalidSignature,
            "\(verifier.verifier.key.algorithm) media verifier answered \(code)"
        )
    }
    return 0
}
