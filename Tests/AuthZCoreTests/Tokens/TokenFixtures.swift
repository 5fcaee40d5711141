import AuthZCore
import Testing

/// Sample bodies and helpers shared by the token codec suites.
enum TokenFixtures {
    static let fingerprint = "3f1a9c0b7e2d4f6a8b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f0a2b4c6d8e0f1a"

    static let authn = AuthNTokenBody(
        guid: "b6f0c3a2-7d41-4c8e-9a5b-2e1f0d9c8b7a",
        requestorID: "NBCOlympics",
        domainName: "nbcolympics.com",
        expires: TokenDate("2011/03/19 02:29:34 GMT +0200")!,
        msoID: "Comcast",
        fingerprint: fingerprint
    )

    static let authz = AuthZTokenBody(
        requestorID: "NBCOlympics",
        resourceID: "olympics-2024-ch1",
        expires: TokenDate("2024/08/11 23:59:59 GMT -0430")!,
        msoID: "Charter",
        fingerprint: fingerprint
    )

    static let media = MediaTokenBody(
        sessionGUID: "0e9d8c7b-6a59-4837-a261-5f4e3d2c1b0a",
        requestorID: "NBCOlympics",
        resourceID: "olympics-2024-ch1",
        ttlMillis: 300_000,
        issueTimeMillis: 1_722_470_400_123,
        mvpdID: "Comcast",
        proxyMvpdID: ""
    )

    static let bodies: [TokenBody] = [.authn(authn), .authz(authz), .media(media)]

    /// A 71-byte signature, like a DER-encoded ECDSA P-256 signature.
    static let signature: [UInt8] = (0..<71).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    static func body(_ kind: TokenKind) -> TokenBody {
        switch kind {
        case .authn: .authn(authn)
        case .authz: .authz(authz)
        case .media: .media(media)
        }
    }

    /// The canonical compact token of `kind`.
    static func token(_ kind: TokenKind) -> [UInt8] {
        TokenSerializer.token(signature: signature, body: body(kind))
    }

    /// The canonical compact token of `kind`, as a string.
    static func tokenString(_ kind: TokenKind) -> String {
        String(decoding: token(kind), as: UTF8.self)
    }

    /// The canonical token of `kind` indented the way an XML pretty-printer writes it: one
    /// element per line, children indented, leading and trailing whitespace around the token.
    static func prettyToken(
        _ kind: TokenKind,
        newline: String = "\n",
        indent: String = "  "
    )
        -> String
    {
        let compact = Array(tokenString(kind).utf8)
        var out = Array("  ".utf8)
        var depth = 0
        var previous: (isTag: Bool, isClose: Bool) = (false, false)
        var i = 0
        while i < compact.count {
            guard compact[i] == UInt8(ascii: "<") else {
                out.append(compact[i])
                previous = (false, false)
                i += 1
                continue
            }
            let end = compact[i...].firstIndex(of: UInt8(ascii: ">"))!
            let isClose = compact[i + 1] == UInt8(ascii: "/")
            if isClose { depth -= 1 }
            if previous.isTag && (!isClose || previous.isClose) {
                out += Array(newline.utf8)
                for _ in 0..<depth { out += Array(indent.utf8) }
            }
            if !isClose { depth += 1 }
            out += compact[i...end]
            previous = (true, isClose)
            i = end + 1
        }
        out += Array(newline.utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The element names that may appear inside the body of `kind` (the wire format's order).
    static func childNames(_ kind: TokenKind) -> [String] {
        switch kind {
        case .authn:
            [
                "simpleTokenAuthenticationGuid", "simpleTokenRequestorID", "simpleTokenDomainName",
                "simpleTokenExpires", "simpleTokenMsoID", "simpleTokenDeviceID",
                "simpleTokenFingerprint",
            ]
        case .authz:
            [
                "simpleTokenRequestorID", "simpleTokenResourceID", "simpleTokenTTL",
                "simpleTokenMsoID", "simpleTokenDeviceID", "simpleTokenFingerprint",
            ]
        case .media:
            [
                "sessionGUID", "requestorID", "resourceID", "ttl", "issueTime", "mvpdId",
                "proxyMvpdId",
            ]
        }
    }
}

/// The byte offset of the first occurrence of `needle` in `haystack` (at or after `from`).
func offset(of needle: String, in haystack: [UInt8], from: Int = 0) -> Int {
    let range = haystack[from...].firstRange(of: Array(needle.utf8))
    precondition(range != nil, "\(needle) not found")
    return range!.lowerBound
}

/// The byte offset of the first occurrence of `needle` in the UTF-8 of `haystack`.
func offset(of needle: String, in haystack: String, from: Int = 0) -> Int {
    offset(of: needle, in: Array(haystack.utf8), from: from)
}

/// Expects parsing `input` to fail with exactly `reason` at byte `offset`.
func expectRejection(
    _ input: [UInt8],
    _ reason: TokenFormatError.Reason,
    at offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let parsed = try TokenParser.parse(input)
        Issue.record("parsed unexpectedly: \(parsed.body)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.reason == reason, sourceLocation: sourceLocation)
        #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Expects parsing `input` to fail with exactly `reason` at byte `offset`.
func expectRejection(
    _ input: String,
    _ reason: TokenFormatError.Reason,
    at offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectRejection(Array(input.utf8), reason, at: offset, sourceLocation: sourceLocation)
}
