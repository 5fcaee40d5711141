import AuthZCore
import BenchHarness
import Foundation

extension TokenCommand {
    /// `token inspect`: prints the fields and the expiry in human form. Does not check the signature.
    static func inspect(_ arguments: [String]) throws -> ExitCode {
        let args = try Arguments(arguments, options: ["now"], flags: ["help"])
        if args.flag("help") {
            print(usage)
            return .ok
        }
        let path = try inputPath(args)
        let now = try now(args)
        let token = try InputFile.read(path, limit: tokenFileLimit, what: "token file")
        let parsed: ParsedToken
        do { parsed = try TokenParser.parse(token) } catch {
            throw CLIError.badInput("\(path == "-" ? "standard input" : path): \(error.description)")
        }
        var lines: [(String, String)] = [("kind", parsed.body.kind.rawValue)]
        let expiresAt: Int64
        switch parsed.body {
        case .authn(let b):
            lines += [
                ("guid", b.guid), ("requestorID", b.requestorID), ("domainName", b.domainName),
                ("expires", b.expires.formatted), ("msoID", b.msoID), ("fingerprint", b.fingerprint),
            ]
            expiresAt = b.expires.epochMillis
        case .authz(let b):
            lines += [
                ("requestorID", b.requestorID), ("resourceID", b.resourceID), ("ttl", b.expires.formatted),
                ("msoID", b.msoID), ("fingerprint", b.fingerprint),
            ]
            expiresAt = b.expires.epochMillis
        case .media(let b):
            lines += [
                ("sessionGUID", b.sessionGUID), ("requestorID", b.requestorID), ("resourceID", b.resourceID),
                ("ttl", "\(b.ttlMillis) ms"), ("issueTime", "\(b.issueTimeMillis) (\(isoDate(b.issueTimeMillis)))"),
                ("mvpdId", b.mvpdID), ("proxyMvpdId", b.proxyMvpdID),
            ]
            expiresAt = b.issueTimeMillis &+ b.ttlMillis
        }
        lines.append(("signature", "\(parsed.signature.count) bytes (not verified by inspect)"))
        lines.append(("signed bytes", "\(parsed.bodyRange.lowerBound)..<\(parsed.bodyRange.upperBound)"))
        // A hostile token's expiry may be anywhere in Int64 (a media token's issueTime + ttl wraps):
        // compute the distance without trapping, and clamp it.
        let (difference, overflow) = expiresAt.subtractingReportingOverflow(now)
        let remaining = overflow ? (expiresAt < now ? -Int64.max : Int64.max) : max(difference, -Int64.max)
        let when = remaining >= 0 ? "in \(humanDuration(remaining))" : "\(humanDuration(-remaining)) ago"
        lines.append(("expires", "\(isoDate(expiresAt)) (\(remaining >= 0 ? "valid" : "EXPIRED"), \(when))"))
        let width = lines.map(\.0.count).max() ?? 0
        for (name, value) in lines {
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        return .ok
    }

    /// `2026-11-21T10:00:00.000Z` for epoch milliseconds.
    static func isoDate(_ millis: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(millis) / 1000))
    }

    /// `2d 3h 4m 5s` for a non-negative number of milliseconds.
    static func humanDuration(_ millis: Int64) -> String {
        var seconds = millis / 1000
        let days = seconds / 86_400
        seconds %= 86_400
        let parts = [(days, "d"), (seconds / 3600, "h"), (seconds % 3600 / 60, "m"), (seconds % 60, "s")]
        let shown = parts.drop(while: { $0.0 == 0 }).map { "\($0.0)\($0.1)" }
        return shown.isEmpty ? "\(millis) ms" : shown.joined(separator: " ")
    }
}
