import AuthZCore
import Testing

@Suite("Token codec: serialize, parse, round trip")
struct TokenRoundTripTests {
    @Test(arguments: TokenKind.allCases)
    func canonicalTokenRoundTrips(kind: TokenKind) throws {
        let body = TokenFixtures.body(kind)
        let bodyBytes = TokenSerializer.bodyBytes(body)
        let token = TokenSerializer.token(signature: TokenFixtures.signature, bodyBytes: bodyBytes)
        let parsed = try TokenParser.parse(token)
        #expect(parsed.body == body)
        #expect(parsed.kind == kind)
        #expect(parsed.signature == TokenFixtures.signature)
        #expect(Array(token[parsed.bodyRange]) == bodyBytes)
        #expect(parsed.bodyRange.upperBound == token.count)
        // The three entry points agree.
        let fromString = try TokenParser.parse(String(decoding: token, as: UTF8.self))
        let fromRaw = try token.withUnsafeBytes { raw throws(TokenFormatError) in
            try TokenParser.parse(raw)
        }
        #expect(fromString == parsed)
        #expect(fromRaw == parsed)
    }

    @Test func canonicalFormIsCompactAndInDesignOrder() {
        let text = String(decoding: TokenSerializer.bodyBytes(.media(TokenFixtures.media)), as: UTF8.self)
        #expect(
            text == "<shortAuthorizationToken><sessionGUID>0e9d8c7b-6a59-4837-a261-5f4e3d2c1b0a"
                + "</sessionGUID><requestorID>NBCOlympics</requestorID><resourceID>olympics-2024-ch1"
                + "</resourceID><ttl>300000</ttl><issueTime>1722470400123</issueTime>"
                + "<mvpdId>Comcast</mvpdId><proxyMvpdId></proxyMvpdId></shortAuthorizationToken>"
        )
        let authn = String(decoding: TokenFixtures.token(.authn), as: UTF8.self)
        #expect(
            authn.hasPrefix(
                "<signatureInfo>" + Base64.encode(TokenFixtures.signature)
                    + "</signatureInfo><simpleAuthenticationToken><simpleTokenAuthenticationGuid>"
            )
        )
        #expect(authn.contains("<simpleTokenExpires>2011/03/19 02:29:34 GMT +0200</simpleTokenExpires>"))
        #expect(
            authn.hasSuffix(
                "<simpleTokenMsoID>Comcast</simpleTokenMsoID><simpleTokenDeviceID>"
                    + "<simpleTokenFingerprint>\(TokenFixtures.fingerprint)</simpleTokenFingerprint>"
                    + "</simpleTokenDeviceID></simpleAuthenticationToken>"
            )
        )
    }

    @Test(arguments: TokenKind.allCases, [("\n", "  "), ("\r\n", "\t")])
    func prettyPrintedTokenParsesAndSignsItsExactBytes(
        kind: TokenKind,
        layout: (newline: String, indent: String)
    ) throws {
        let pretty = TokenFixtures.prettyToken(kind, newline: layout.newline, indent: layout.indent)
        let bytes = Array(pretty.utf8)
        #expect(pretty.contains("\(layout.newline)\(layout.indent)<"))  // really indented
        let parsed = try TokenParser.parse(bytes)
        #expect(parsed.body == TokenFixtures.body(kind))
        #expect(parsed.signature == TokenFixtures.signature)
        // The signature input runs from the body's `<` to its closing `>`, inner whitespace kept.
        let open = offset(of: "<\(kind.elementName)>", in: bytes)
        let close = offset(of: "</\(kind.elementName)>", in: bytes) + kind.elementName.utf8.count + 3
        #expect(parsed.bodyRange == open..<close)
        #expect(Array(bytes[parsed.bodyRange]) != TokenSerializer.bodyBytes(parsed.body))
        #expect(String(decoding: bytes[parsed.bodyRange], as: UTF8.self).contains(layout.newline))
    }

    @Test func childrenMayComeInAnyOrder() throws {
        let text =
            "<signatureInfo>AAEC</signatureInfo><simpleAuthorizationToken>"
            + "<simpleTokenDeviceID><simpleTokenFingerprint>fp</simpleTokenFingerprint></simpleTokenDeviceID>"
            + "<simpleTokenMsoID>Charter</simpleTokenMsoID>"
            + "<simpleTokenTTL>2024/08/11 23:59:59 GMT -0430</simpleTokenTTL>"
            + "<simpleTokenResourceID>r1</simpleTokenResourceID>"
            + "<simpleTokenRequestorID>NBC</simpleTokenRequestorID></simpleAuthorizationToken>"
        let parsed = try TokenParser.parse(text)
        #expect(parsed.signature == [0, 1, 2])
        #expect(
            parsed.body
                == .authz(
                    AuthZTokenBody(
                        requestorID: "NBC",
                        resourceID: "r1",
                        expires: TokenDate("2024/08/11 23:59:59 GMT -0430")!,
                        msoID: "Charter",
                        fingerprint: "fp"
                    )
                )
        )
    }

    @Test func theFiveEntitiesRoundTrip() throws {
        var body = TokenFixtures.authn
        body.requestorID = #"A&B <C> "D" 'E' &amp;"#
        body.msoID = "&<>\"'"
        let bodyBytes = TokenSerializer.bodyBytes(.authn(body))
        let text = String(decoding: bodyBytes, as: UTF8.self)
        #expect(text.contains("<simpleTokenMsoID>&amp;&lt;&gt;&quot;&apos;</simpleTokenMsoID>"))
        let token = TokenSerializer.token(signature: [7], bodyBytes: bodyBytes)
        let parsed = try TokenParser.parse(token)
        #expect(parsed.body == .authn(body))
        #expect(Array(token[parsed.bodyRange]) == bodyBytes)
    }

    @Test func literalQuotesAndGreaterThanAreTextToo() throws {
        var text = TokenFixtures.tokenString(.authz)
        text = text.replacing(">Charter<", with: ">a>b\"c'd&lt;&amp;lt;<")
        let parsed = try TokenParser.parse(text)
        guard case .authz(let body) = parsed.body else { throw Failure.wrongKind }
        #expect(body.msoID == "a>b\"c'd<&lt;")
    }

    @Test func textIsTakenVerbatimIncludingWhitespaceAndUnicode() throws {
        var body = TokenFixtures.media
        body.requestorID = " Çanal+ \t✓ 🎬\n"
        body.proxyMvpdID = "Proxy"
        let token = TokenSerializer.token(signature: [1, 2, 3, 4], body: .media(body))
        let parsed = try TokenParser.parse(token)
        #expect(parsed.body == .media(body))
    }

    @Test func numbersAcceptTheFullNonNegativeRange() throws {
        var body = TokenFixtures.media
        body.ttlMillis = 0
        body.issueTimeMillis = .max
        let parsed = try TokenParser.parse(TokenSerializer.token(signature: [9], body: .media(body)))
        #expect(parsed.body == .media(body))
        #expect(body.expiresAtMillis == .max)  // saturates
        #expect(TokenFixtures.media.expiresAtMillis == 1_722_470_700_123)
        let padded = TokenFixtures.tokenString(.media).replacing("<ttl>300000<", with: "<ttl>000300000<")
        guard case .media(let media) = try TokenParser.parse(padded).body else { throw Failure.wrongKind }
        #expect(media.ttlMillis == 300_000)
    }

    @Test func limitsAreInclusive() throws {
        // A field of exactly 1 KiB is accepted.
        var body = TokenFixtures.authn
        body.domainName = String(repeating: "d", count: TokenParser.maxFieldBytes)
        let parsed = try TokenParser.parse(TokenSerializer.token(signature: [1], body: .authn(body)))
        #expect(parsed.body == .authn(body))
        // A token of exactly 16 KiB is accepted (whitespace padding after the body).
        var token = TokenFixtures.token(.media)
        token += [UInt8](repeating: 0x20, count: TokenParser.maxTokenBytes - token.count)
        #expect(token.count == 16_384)
        #expect(try TokenParser.parse(token).body == TokenFixtures.body(.media))
    }

    @Test func kindsNameTheirBodyElements() throws {
        #expect(TokenKind.authn.elementName == "simpleAuthenticationToken")
        #expect(TokenKind.authz.elementName == "simpleAuthorizationToken")
        #expect(TokenKind.media.elementName == "shortAuthorizationToken")
        #expect(TokenKind.allCases.map(\.rawValue) == ["authn", "authz", "media"])
        for kind in TokenKind.allCases {
            #expect(try TokenParser.parse(TokenFixtures.token(kind)).kind == kind)
        }
    }

    enum Failure: Error { case wrongKind }
}
