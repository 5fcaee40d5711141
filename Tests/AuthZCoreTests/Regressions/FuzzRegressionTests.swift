import AuthZCore
import Testing

/// Inputs found by the libFuzzer targets (scripts/fuzz.sh), fed to the same entry points. Most of
/// these bugs only show as a crash under AddressSanitizer, which `make test` runs over this suite.
@Suite("Fuzz regressions: AuthZCore")
struct FuzzRegressionTests {
    /// FuzzTokenVerifier, input `crash-da39a3ee…` (the empty input): keying an HS256 verifier read
    /// the freed temporary C string of the `digest` parameter name (heap-use-after-free in
    /// `OSSL_PARAM_locate`). The verifier must key correctly and reject the input.
    @Test func hs256KeyingKeepsTheParameterNameAlive() throws {
        let secret = Array("authz-bench fuzzing secret, never used to sign".utf8)
        let verifier = TokenVerifier(key: VerifyingKey(hmacSecret: secret))
        let rejection = try #require(
            [UInt8]().withUnsafeBytes { verifier.verify($0, now: 0) }.failureValue
        )
        #expect(rejection.code == .invalidTokenFormat)
        // RFC 4231 test case 2: the digest really is SHA-256.
        let key = try HMACSHA256Key(key: Array("Jefe".utf8))
        #expect(
            key.authenticationCode(for: Array("what do ya want for nothing?".utf8)).hexString
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        )
    }
}

extension Result {
    /// The error, or nil on success.
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
