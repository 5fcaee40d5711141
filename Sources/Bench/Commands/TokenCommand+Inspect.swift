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
        let expiresAt: Int64?
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
            let (sum, overflow) = b.issueTimeMillis.addingReportingOverflow(b.ttlMillis)
            expiresAt = overflow ? nil : sum
        }
        lines.append(("signature", "\(parsed.signature.count) bytes (not verified by inspect)"))
        lines.append(("signed bytes", "\(parsed.bodyRange.lowerBound)..<\(parsed.bodyRange.upperBound)"))
        lines.append(("expires", expiry(expiresAt, now: now)))
        let width = lines.map(\.0.count).max() ?? 0
        for (name, value) in lines {
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        return .ok
    }

    /// The `expires` line: the date and how far it is from `now`, or, for a time no date can
    /// name (a media token's issueTime + ttl beyond 64 bits, a date after year 9999), that time
    /// named as out of range.
    static func expiry(_ expiresAt: Int64?, now: Int64) -> String {
        guard let expiresAt else {
            return "out of range: issueTime + ttl is beyond 64-bit milliseconds (no time; not a valid token)"
        }
        guard dateRange.contains(expiresAt) else { return isoDate(expiresAt) + " (not a valid token)" }
        // Both within the dates a token can name: the distance cannot overflow.
        let remaining = expiresAt - now
        let when = remaining >= 0 ? "in \(humanDuration(remaining))" : "\(humanDuration(-remaining)) ago"
        return "\(isoDate(expiresAt)) (\(remaining >= 0 ? "valid" : "EXPIRED"), \(when))"
    }

    /// The epoch milliseconds a date is shown for: year 1 to the end of year 9999.
    static let dateRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// `2026-11-21T10:00:00.000Z` for epoch milliseconds; for a time outside ``dateRange``, the
    /// milliseconds named as out of range.
    static func isoDate(_ millis: Int64) -> String {
        guard dateRange.contains(millis) else {
            return "out of range: \(millis) ms since the epoch is \(millis < 0 ? "before year 1" : "after year 9999")"
        }
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
