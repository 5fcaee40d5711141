import AuthZCore
import BenchHarness
import Foundation

extension TokenCommand {
    /// Default lifetimes per kind: authN tokens last days, authZ hours, media tokens 5 minutes.
    static func defaultTTL(_ kind: TokenKind) -> Int64 {
        switch kind {
        case .authn: 7 * 86_400_000
        case .authz: 24 * 3_600_000
        case .media: 5 * 60_000
        }
    }

    /// `token issue`: prints a signed token of the requested kind.
    static func issue(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(
            arguments,
            options: [
                "kind", "alg", "key", "binding-key", "device-id", "ttl", "now", "requestor", "resource",
                "mvpd", "proxy-mvpd", "guid", "domain", "utc-offset",
            ],
            flags: ["help"]
        )
        if args.flag("help") {
            print(usage)
            return .ok
        }
        guard args.positionals.isEmpty else { throw CLIError.usage("unexpected argument '\(args.positionals[0])'") }
        let kindText = try args.required("kind", "authn, authz or media")
        guard let kind = TokenKind(rawValue: kindText) else {
            throw CLIError.usage("--kind expects authn, authz or media, got '\(kindText)'")
        }
        let alg = try algorithm(args)
        let ttl = try args.durationMillis("ttl", default: defaultTTL(kind))
        guard ttl <= 3_650 * 86_400_000 else {
            throw CLIError.usage("--ttl must be at most 3650d, got '\(args.value("ttl") ?? "")'")
        }
        let now = try now(args)
        guard now + ttl <= 253_402_300_799_999 else {
            throw CLIError.usage(
                "--ttl: the token would expire after year 9999 (--now + --ttl); expected an earlier expiry"
            )
        }
        let offset = try utcOffsetMinutes(args)
        let binding = try binding(args)
        let key = try withKeyFile(
            args,
            alg,
            alg == .hs256 ? "a file holding the raw HMAC secret" : "a PEM private key for \(alg.rawValue)",
            pem: { try SigningKey(pem: $0, algorithm: alg) },
            secret: { SigningKey(hmacSecret: $0) }
        )
        // AuthN and authZ tokens carry the device binding fingerprint, which the format requires.
        let fingerprint: String
        if let (bindingKey, deviceID) = binding {
            fingerprint = bindingKey.fingerprint(for: deviceID).hexString
        } else if kind == .media {
            fingerprint = ""
        } else {
            throw CLIError.usage(
                "--kind \(kind.rawValue) needs --device-id HEX and --binding-key FILE: the token "
                    + "format requires the device binding fingerprint"
            )
        }

        let requestor = args.value("requestor") ?? "REQUESTOR"
        let resource = args.value("resource") ?? "RESOURCE"
        let mvpd = args.value("mvpd") ?? "MVPD"
        let guid = args.value("guid") ?? UUID().uuidString.lowercased()
        let expires = TokenDate(epochMillis: (now &+ ttl) / 1000 * 1000, utcOffsetMinutes: offset)
        let body: TokenBody
        switch kind {
        case .authn:
            body = .authn(
                AuthNTokenBody(
                    guid: guid,
                    requestorID: requestor,
                    domainName: args.value("domain") ?? "example.com",
                    expires: expires,
                    msoID: mvpd,
                    fingerprint: fingerprint
                )
            )
        case .authz:
            body = .authz(
                AuthZTokenBody(
                    requestorID: requestor,
                    resourceID: resource,
                    expires: expires,
                    msoID: mvpd,
                    fingerprint: fingerprint
                )
            )
        case .media:
            body = .media(
                MediaTokenBody(
                    sessionGUID: guid,
                    requestorID: requestor,
                    resourceID: resource,
                    ttlMillis: ttl,
                    issueTimeMillis: now,
                    mvpdID: mvpd,
                    proxyMvpdID: args.value("proxy-mvpd") ?? ""
                )
            )
        }
        let token: [UInt8]
        do { token = try TokenIssuer(key: key).issue(body) } catch let error as TokenIssueError {
            throw CLIError.usage(Self.flagMessage(error))
        } catch {
            throw CLIError(message: "signing failed: \(error)", exitCode: .failure)
        }
        print(String(decoding: token, as: UTF8.self))
        return .ok
    }

    /// A field that does not fit the token format, named by the flag that gave it.
    static func flagMessage(_ error: TokenIssueError) -> String {
        let flags = [
            "simpleTokenAuthenticationGuid": "--guid", "sessionGUID": "--guid",
            "simpleTokenRequestorID": "--requestor", "requestorID": "--requestor",
            "simpleTokenDomainName": "--domain", "simpleTokenMsoID": "--mvpd", "mvpdId": "--mvpd",
            "simpleTokenResourceID": "--resource", "resourceID": "--resource", "proxyMvpdId": "--proxy-mvpd",
        ]
        switch error {
        case .fieldTooLarge(let field, let bytes):
            return "\(flags[field] ?? "<\(field)>") takes \(bytes) bytes once escaped (for <\(field)>); the token "
                + "format allows at most \(TokenParser.maxFieldBytes) per field"
        case .emptyField(let field):
            return "\(flags[field] ?? "<\(field)>") is empty; the token format requires text in <\(field)>"
        case .controlCharacter(let field, let offset):
            return "\(flags[field] ?? "<\(field)>") holds a control character at byte \(offset) (for <\(field)>); "
                + "the token format allows none but tab, line feed and carriage return"
        case .tokenTooLarge:
            return "\(error)"
        }
    }

    /// `--utc-offset +hhmm` (the offset the expiry is written with), default `+0000`.
    static func utcOffsetMinutes(_ args: Arguments) throws -> Int {
        guard let text = args.value("utc-offset") else { return 0 }
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[1...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)),
            hours <= 14, minutes < 60
        else { throw CLIError.usage("--utc-offset expects +hhmm or -hhmm (e.g. +0200), got '\(text)'") }
        let total = hours * 60 + minutes
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }
}
