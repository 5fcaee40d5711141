import AuthZCore
import BenchHarness

/// `authz-bench token issue|verify|inspect`: the wire format from the command line.
enum TokenCommand {
    static let usage = """
        usage: authz-bench token issue   --kind authn|authz|media --alg ALG --key PRIVATE.pem
                                         [--binding-key FILE --device-id HEX] [--ttl 5m] [--now EPOCH_MS]
                                         [--requestor ID] [--resource ID] [--mvpd ID] [--proxy-mvpd ID]
                                         [--guid ID] [--domain NAME] [--utc-offset +hhmm]
               authz-bench token verify  --alg ALG --key PUBLIC.pem [--resource ID]
                                         [--device-id HEX --binding-key FILE] [--allowed-mvpds A,B]
                                         [--now EPOCH_MS] [--skew 0s] FILE|-
               authz-bench token inspect [--now EPOCH_MS] FILE|-

          ALG is es256, rs256, ed25519 or hs256 (for hs256, --key is a file holding the raw secret).
          issue needs --binding-key and --device-id for authn and authz tokens (their fingerprint),
          and refuses, with exit 64, a field the token format does not allow: empty (all but
          --proxy-mvpd), or longer than 1024 bytes once escaped.
          verify prints one result code and exits 0 only for VALID_TOKEN, 65 for any other code.
        """

    /// The largest key or secret file read.
    static let keyFileLimit = 64 * 1024
    /// The largest token file read (the wire format's own limit is checked by the parser).
    static let tokenFileLimit = 1 << 20

    static func run(_ arguments: [String]) throws -> ExitCode {
        guard let sub = arguments.first else { throw CLIError.usage("expected a subcommand: issue, verify or inspect") }
        let rest = Array(arguments.dropFirst())
        switch sub {
        case "issue": return try issue(rest)
        case "verify": return try verify(rest)
        case "inspect": return try inspect(rest)
        case "--help", "-h", "help":
            print(usage)
            return .ok
        default: throw CLIError.usage("unknown subcommand '\(sub)'; expected issue, verify or inspect")
        }
    }

    /// `--alg`, parsed.
    static func algorithm(_ args: Arguments) throws -> SignatureAlgorithm {
        let text = try args.required("alg", "one of es256, rs256, ed25519, hs256")
        guard let alg = SignatureAlgorithm(rawValue: text.lowercased()) else {
            throw CLIError.usage("--alg expects one of es256, rs256, ed25519, hs256, got '\(text)'")
        }
        return alg
    }

    /// `--now EPOCH_MS`, or the system clock.
    static func now(_ args: Arguments) throws -> Int64 {
        guard let text = args.value("now") else { return SystemClock().nowMillis() }
        // Up to the last millisecond of year 9999: the token date layout has four year digits.
        guard let value = Int64(text), value >= 0, value <= 253_402_300_799_999 else {
            throw CLIError.usage(
                "--now expects Unix epoch milliseconds (an integer from 0 to 253402300799999), got '\(text)'"
            )
        }
        return value
    }

    /// `--device-id HEX` and `--binding-key FILE`, which come together.
    static func binding(_ args: Arguments) throws -> (DeviceBindingKey, DeviceID)? {
        switch (args.value("device-id"), args.value("binding-key")) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw CLIError.usage("--device-id needs --binding-key FILE (the HMAC key of the fingerprint)")
        case (nil, .some):
            throw CLIError.usage("--binding-key needs --device-id HEX (64 lowercase hex digits)")
        case (.some(let hex), .some(let path)):
            guard let deviceID = DeviceID(hexString: hex) else {
                throw CLIError.usage("--device-id expects 64 lowercase hex digits (a SHA-256), got '\(hex.prefix(80))'")
            }
            let secret = try InputFile.read(path, limit: keyFileLimit, what: "--binding-key")
            guard !secret.isEmpty else {
                throw CLIError.badInput("--binding-key \(path): empty; expected the raw HMAC key bytes")
            }
            do {
                return (try DeviceBindingKey(secret: secret), deviceID)
            } catch {
                throw CLIError.badInput("--binding-key \(path): \(error)")
            }
        }
    }

    /// Reads `--key` as a PEM key (or, for hs256, a raw secret) and builds `make`'s result from it.
    static func withKeyFile<T>(
        _ args: Arguments,
        _ alg: SignatureAlgorithm,
        _ expected: String,
        pem: (String) throws -> T,
        secret: ([UInt8]) throws -> T
    ) throws -> T {
        let path = try args.required("key", expected)
        let bytes = try InputFile.read(path, limit: keyFileLimit, what: "--key")
        guard !bytes.isEmpty else { throw CLIError.badInput("--key \(path): empty; expected \(expected)") }
        do {
            if alg == .hs256 { return try secret(bytes) }
            guard let text = String(validating: bytes, as: UTF8.self), text.contains("-----BEGIN") else {
                throw CLIError.badInput("--key \(path): not a PEM file; expected \(expected)")
            }
            return try pem(text)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.badInput("--key \(path): \(error)")
        }
    }

    /// The single FILE|- positional.
    static func inputPath(_ args: Arguments) throws -> String {
        guard args.positionals.count == 1 else {
            throw CLIError.usage(
                args.positionals.isEmpty
                    ? "expected a token file (or - for standard input)"
                    : "expected one token file, got \(args.positionals.count) arguments"
            )
        }
        return args.positionals[0]
    }
}
