import Foundation
import TestSupport
import Testing

/// `authz-bench token` end to end: keys made by the openssl CLI, every algorithm, every exit code.
@Suite("token command")
struct TokenCommandTests {
    /// Keys for every algorithm, made by the openssl CLI, in a temporary directory.
    final class Keys: Sendable {
        let directory: URL
        let deviceID: String

        init() throws {
            directory = try CLIHarness.temporaryDirectory()
            try CLIHarness.shell(
                """
                openssl ecparam -name prime256v1 -genkey -noout -out es256.pem && openssl ec -in es256.pem -pubout -out es256.pub \
                && openssl genrsa -traditional -out rs256.pem 2048 && openssl rsa -in rs256.pem -pubout -out rs256.pub \
                && openssl genpkey -algorithm ed25519 -out ed25519.pem && openssl pkey -in ed25519.pem -pubout -out ed25519.pub \
                && head -c 32 /dev/urandom > hs256.pem && cp hs256.pem hs256.pub && head -c 32 /dev/urandom > binding.key
                """,
                in: directory
            )
            deviceID = try CLIHarness.shell(
                "printf 'ad\\037vendor\\037model\\037team' | openssl dgst -sha256 -r | cut -c1-64",
                in: directory
            ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static let keys = Result { try Keys() }

    func issue(_ keys: Keys, _ alg: String, kind: String = "authn", extra: [String] = []) throws -> URL {
        let output = try CLIHarness.bench(
            [
                "token", "issue", "--kind", kind, "--alg", alg, "--key", "\(alg).pem",
                "--binding-key", "binding.key", "--device-id", keys.deviceID, "--mvpd", "Comcast", "--resource", "news",
            ] + extra,
            in: keys.directory
        )
        try #require(output.status == 0, "issue failed: \(output.stderr)")
        let file = keys.directory.appendingPathComponent("\(alg)-\(kind)-\(UUID().uuidString).token")
        try Data(output.stdout.utf8).write(to: file)
        return file
    }

    func verify(_ keys: Keys, _ alg: String, _ file: URL, _ extra: [String] = []) throws -> CLIHarness.Output {
        try CLIHarness.bench(
            ["token", "verify", "--alg", alg, "--key", "\(alg).pub"] + extra + [file.path],
            in: keys.directory
        )
    }

    @Test(arguments: ["es256", "rs256", "ed25519", "hs256"], ["authn", "authz", "media"])
    func issuedTokensVerify(alg: String, kind: String) throws {
        let keys = try Self.keys.get()
        let token = try issue(keys, alg, kind: kind)
        let output = try verify(
            keys,
            alg,
            token,
            [
                "--device-id", keys.deviceID, "--binding-key", "binding.key",
                "--allowed-mvpds", "Comcast,Charter", "--resource", "news",
            ]
        )
        #expect(output.status == 0)
        #expect(output.stdout == "VALID_TOKEN\n")
    }

    @Test(arguments: ["es256", "ed25519"])
    func everyRejectionHasItsCodeAndExit65(alg: String) throws {
        let keys = try Self.keys.get()
        let token = try issue(keys, alg, kind: "authz")
        let cases: [([String], String)] = [
            (["--allowed-mvpds", "Charter"], "UNTRUSTED_ISSUER"),
            (["--now", "99999999999999"], "TOKEN_EXPIRED"),
            (["--resource", "sports"], "INVALID_RESOURCE_ID"),
            (["--device-id", String(repeating: "0", count: 64), "--binding-key", "binding.key"], "DEVICE_MISMATCH"),
        ]
        for (flags, code) in cases {
            let output = try verify(keys, alg, token, flags)
            #expect(output.stdout == code + "\n", "\(flags)")
            #expect(output.status == 65)
            #expect(output.stderr.split(separator: "\n").count == 1)
        }
        var bytes = try Data(contentsOf: token)
        let index = try #require(bytes.lastIndex(of: UInt8(ascii: "C")))  // in "Comcast", inside the body
        bytes[index] = UInt8(ascii: "K")
        let tampered = keys.directory.appendingPathComponent("tampered-\(alg)")
        try bytes.write(to: tampered)
        #expect(try verify(keys, alg, tampered).stdout == "INVALID_SIGNATURE\n")
    }

    @Test func opensslSignedTokenVerifies() throws {
        let keys = try Self.keys.get()
        // The body and its signature made by openssl alone: our verifier must accept them.
        let body =
            "<simpleAuthorizationToken><simpleTokenRequestorID>NBC</simpleTokenRequestorID>"
            + "<simpleTokenResourceID>news</simpleTokenResourceID><simpleTokenTTL>2099/01/01 00:00:00 GMT +0000</simpleTokenTTL>"
            + "<simpleTokenMsoID>Comcast</simpleTokenMsoID><simpleTokenDeviceID><simpleTokenFingerprint>"
            + String(repeating: "ab", count: 32)
            + "</simpleTokenFingerprint></simpleTokenDeviceID></simpleAuthorizationToken>"
        try Data(body.utf8).write(to: keys.directory.appendingPathComponent("body.xml"))
        let signature = try CLIHarness.shell(
            "openssl dgst -sha256 -sign es256.pem body.xml | openssl base64 -A",
            in: keys.directory
        ).stdout
        let token = "<signatureInfo>\(signature)</signatureInfo>\n" + body + "\n"
        let file = keys.directory.appendingPathComponent("openssl.token")
        try Data(token.utf8).write(to: file)
        let output = try verify(keys, "es256", file, ["--resource", "news"])
        #expect(output.stdout == "VALID_TOKEN\n", "\(output.stderr)")
    }

    @Test func standardInputAndInspect() throws {
        let keys = try Self.keys.get()
        let token = try issue(keys, "ed25519", kind: "media")
        let viaStdin = try CLIHarness.bench(
            ["token", "verify", "--alg", "ed25519", "--key", "ed25519.pub", "-"],
            in: keys.directory,
            input: try Data(contentsOf: token)
        )
        #expect(viaStdin.stdout == "VALID_TOKEN\n")
        let inspect = try CLIHarness.bench(["token", "inspect", token.path], in: keys.directory)
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("kind"))
        #expect(inspect.stdout.contains("media"))
        #expect(inspect.stdout.contains("(valid, in 4m"))
    }

    /// Bad input: one line on stderr naming the input, the documented exit code, never a crash.
    @Test(arguments: [
        (["token", "verify", "--alg", "es256", "--key", "missing.pem", "x"], Int32(66), "--key missing.pem"),
        (["token", "verify", "--alg", "es256", "--key", "garbage.pem", "x"], 65, "--key garbage.pem"),
        (["token", "verify", "--alg", "es256", "--key", "rs256.pub", "x"], 65, "expected an EC P-256"),
        (["token", "verify", "--alg", "es256", "--key", "empty", "x"], 65, "--key empty"),
        (["token", "verify", "--alg", "rot13", "--key", "es256.pub", "x"], 64, "--alg"),
        (["token", "verify", "--alg", "es256", "--key", "es256.pub"], 64, "token file"),
        (["token", "verify", "--alg", "es256", "--key", "es256.pub", "--now", "yesterday", "x"], 64, "--now"),
        (["token", "verify", "--alg", "es256", "--key", "es256.pub", "--device-id", "abc", "x"], 64, "--device-id"),
        (["token", "verify", "--alg", "es256", "--key", "es256.pub", "empty"], 65, "empty"),
        (["token", "verify", "--alg", "es256", "--key", "es256.pub", "binary"], 65, "binary"),
        (["token", "verify", "--alg", "es256", "--key", "es256.pub", "huge"], 65, "huge"),
        (["token", "issue", "--kind", "authn", "--alg", "es256", "--key", "es256.pub"], 65, "--key es256.pub"),
        (["token", "issue", "--kind", "nope", "--alg", "es256", "--key", "es256.pem"], 64, "--kind"),
        (["token", "issue", "--kind", "media", "--alg", "es256", "--key", "es256.pem", "--ttl", "soon"], 64, "--ttl"),
        (["token", "inspect", "binary"], 65, "binary"),
        (["token", "frobnicate"], 64, "frobnicate"),
    ])
    func badInput(arguments: [String], status: Int32, named: String) throws {
        let keys = try Self.keys.get()
        let directory = keys.directory
        try Data().write(to: directory.appendingPathComponent("empty"))
        try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: directory.appendingPathComponent("binary"))
        try Data("not a key".utf8).write(to: directory.appendingPathComponent("garbage.pem"))
        try Data(repeating: UInt8(ascii: "<"), count: 40_000).write(to: directory.appendingPathComponent("huge"))
        let output = try CLIHarness.bench(arguments, in: directory)
        #expect(output.status == status, "\(output.stderr)")
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(named), "\(output.stderr)")
    }
}
