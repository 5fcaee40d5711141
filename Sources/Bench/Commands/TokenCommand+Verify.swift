import AuthZCore
import BenchHarness

extension TokenCommand {
    /// `token verify`: prints one result code; exit 0 only for `VALID_TOKEN`.
    ///
    /// Single use of media tokens is not checked here (a one-shot command has no replay memory);
    /// `MediaTokenVerifier` does that in the engine.
    static func verify(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(
            arguments,
            options: ["alg", "key", "resource", "device-id", "binding-key", "allowed-mvpds", "now", "skew"],
            flags: ["help"]
        )
        if args.flag("help") {
            print(usage)
            return .ok
        }
        let alg = try algorithm(args)
        let path = try inputPath(args)
        let now = try now(args)
        let skew = try args.durationMillis("skew", default: 0)
        guard skew <= 86_400_000 else {
            throw CLIError.usage("--skew must be at most 1d, got '\(args.value("skew") ?? "")'")
        }
        var allowed: Set<String>?
        if let list = args.value("allowed-mvpds") {
            let names = list.split(separator: ",", omittingEmptySubsequences: true).map(String.init)
            guard !names.isEmpty else {
                throw CLIError.usage("--allowed-mvpds expects a comma-separated list of MVPD IDs")
            }
            allowed = Set(names)
        }
        let binding = try binding(args)
        let key = try withKeyFile(
            args,
            alg,
            alg == .hs256 ? "a file holding the raw HMAC secret" : "a PEM public key for \(alg.rawValue)",
            pem: { try VerifyingKey(pem: $0, algorithm: alg) },
            secret: { VerifyingKey(hmacSecret: $0) }
        )
        let token = try InputFile.read(path, limit: tokenFileLimit, what: "token file")

        let verifier = TokenVerifier(
            key: key,
            validity: ValidityPolicy(skewMillis: skew, allowedIssuers: allowed),
            bindingKey: binding?.0
        )
        let result = token.withUnsafeBytes {
            verifier.verify($0, now: now, resource: args.value("resource"), deviceID: binding?.1)
        }
        switch result {
        case .success:
            print(ResultCode.validToken.rawValue)
            return .ok
        case .failure(let rejection):
            print(rejection.code.rawValue)
            printError("authz-bench token verify: \(path == "-" ? "standard input" : path): \(rejection.detail)")
            return .badInput
        }
    }
}
