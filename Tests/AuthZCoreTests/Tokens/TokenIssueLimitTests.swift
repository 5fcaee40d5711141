import AuthZCore
import AuthZSimulation
import Testing

/// An issued token always parses back: the issuer refuses what the parser would reject.
@Suite("Token issuing: fields the parser would reject are refused")
struct TokenIssueLimitTests {
    /// A fresh issuer per use: a key kept in a static would live until exit, where LeakSanitizer
    /// (the AddressSanitizer run of `make test`) reports its libcrypto context.
    static var issuer: TokenIssuer { TokenIssuer(key: SigningKey(hmacSecret: Array(repeating: 7, count: 32))) }
    static let fingerprint = String(repeating: "ab", count: 32)
    static let expires = TokenDate(epochMillis: 1_800_000_000_000)

    /// A body of `kind` whose field `field` (0: first text field, 1: second, 2: the MVPD) is `text`.
    static func body(_ kind: TokenKind, _ field: Int, _ text: String) -> TokenBody {
        func pick(_ i: Int, _ normal: String) -> String { i == field ? text : normal }
        switch kind {
        case .authn:
            return .authn(
                AuthNTokenBody(
                    guid: pick(0, "guid-1"),
                    requestorID: pick(1, "NBC"),
                    domainName: "adobe.com",
                    expires: expires,
                    msoID: pick(2, "Comcast"),
                    fingerprint: fingerprint
                )
            )
        case .authz:
            return .authz(
                AuthZTokenBody(
                    requestorID: pick(0, "NBC"),
                    resourceID: pick(1, "news"),
                    expires: expires,
                    msoID: pick(2, "Comcast"),
                    fingerprint: fingerprint
                )
            )
        case .media:
            return .media(
                MediaTokenBody(
                    sessionGUID: pick(0, "session-1"),
                    requestorID: "NBC",
                    resourceID: pick(1, "news"),
                    ttlMillis: 300_000,
                    issueTimeMillis: 1_800_000_000_000,
                    mvpdID: pick(2, "Comcast"),
                    proxyMvpdID: ""
                )
            )
        }
    }

    static let kinds: [TokenKind] = [.authn, .authz, .media]

    /// At the limit the token is issued and parses back; one byte over, it is refused, naming the
    /// field. Entities count at their escaped size: 256 `<` are 1,024 bytes, 257 are 1,028.
    @Test(arguments: kinds, 0..<3)
    func theFieldLimitCountsEscapedBytes(kind: TokenKind, field: Int) throws {
        for text in [
            String(repeating: "x", count: 1_024), String(repeating: "<", count: 256),
            String(repeating: "&", count: 204) + "xxxx",
        ] {
            let token = try Self.issuer.issue(Self.body(kind, field, text))
            let parsed = try TokenParser.parse(token)
            #expect(parsed.body == Self.body(kind, field, text))
        }
        for text in [
            String(repeating: "x", count: 1_025), String(repeating: "<", count: 257),
            String(repeating: "\"", count: 171),
        ] {
            #expect(throws: TokenIssueError.self) { try Self.issuer.issue(Self.body(kind, field, text)) }
            do {
                _ = try Self.issuer.issue(Self.body(kind, field, text))
            } catch let error as TokenIssueError {
                guard case .fieldTooLarge(let name, let bytes) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(bytes == TokenWriter.escapedCountAndControl(text).bytes)
                #expect(bytes > TokenParser.maxFieldBytes)
                var named = false
                TokenSerializer.forEachTextField(Self.body(kind, field, text)) { element, value, _ in
                    named = named || (element.description == name && value == text)
                }
                #expect(named)
            }
        }
    }

    @Test(arguments: kinds, 0..<3)
    func anEmptyRequiredFieldIsRefused(kind: TokenKind, field: Int) {
        #expect(throws: TokenIssueError.self) { try Self.issuer.issue(Self.body(kind, field, "")) }
    }

    /// A control character the parser refuses is refused when issuing, naming the field and where
    /// it is; tab, line feed and carriage return are text, and the token parses back.
    @Test(arguments: kinds, 0..<3)
    func aControlCharacterIsRefusedAsTheParserWould(kind: TokenKind, field: Int) throws {
        for control in ["\u{01}", "\u{1B}", "\u{00}", "\u{1F}"] {
            let text = "a" + control + "b"
            do {
                let token = try Self.issuer.issue(Self.body(kind, field, text))
                Issue.record(
                    "issued \(token.count) bytes with U+\(String(control.unicodeScalars.first!.value, radix: 16))"
                )
            } catch let error as TokenIssueError {
                guard case .controlCharacter(_, let offset) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(offset == 1)
            }
        }
        for text in ["a\tb", "a\nb", "a\rb"] {
            let token = try Self.issuer.issue(Self.body(kind, field, text))
            #expect(try TokenParser.parse(token).body == Self.body(kind, field, text))
        }
    }

    @Test func anEmptyProxyMVPDIsIssued() throws {
        let token = try Self.issuer.issue(Self.body(.media, -1, ""))
        #expect(throws: Never.self) { try TokenParser.parse(token) }
    }

    /// `escapedCountAndControl` gives the length the writer produces and whether the text holds a
    /// control character the parser refuses, for random text with every entity byte and controls.
    @Test func escapedCountIsWhatTheWriterWrites() {
        var rng = SeededGenerator(seed: 21)
        let alphabet = Array("ab<>&\"'é日\t\n\r\u{01}\u{1F}".unicodeScalars)
        for _ in 0..<500 {
            let text = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
                )
            )
            let written = [UInt8](unsafeUninitializedCapacity: text.utf8.count * 6 + 1) { buffer, count in
                var writer = TokenWriter(UnsafeMutableRawBufferPointer(buffer))
                writer.escaped(text)
                count = writer.count
            }
            let refused = text.unicodeScalars.contains { $0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0) }
            let counted = TokenWriter.escapedCountAndControl(text)
            #expect(counted.bytes == written.count, "\(text)")
            #expect(counted.control == refused, "\(text.debugDescription)")
        }
    }
}
