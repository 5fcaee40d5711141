import AuthZCore
import Testing

@Suite("Token codec: field content rejections with exact offsets")
struct TokenFieldRejectionTests {
    /// The authZ token with its `simpleTokenMsoID` text replaced by `bytes`.
    static func withMsoID(_ bytes: [UInt8]) -> (token: [UInt8], textStart: Int) {
        let token = TokenFixtures.token(.authz)
        let start = offset(of: "<simpleTokenMsoID>", in: token) + 18
        let end = offset(of: "</simpleTokenMsoID>", in: token)
        return (Array(token[..<start] + bytes + token[end...]), start)
    }

    @Test(arguments: ["&foo;", "&#65;", "&#x41;", "&amp", "&", "&lt", "&AMP;", "& amp;", "&apos"])
    func badEntity(entity: String) {
        let (token, start) = Self.withMsoID(Array("ab\(entity)cd".utf8))
        expectRejection(token, .badEntity, at: start + 2)
        // At the very end of the text the entity cannot borrow the closing tag's bytes either.
        let (atEnd, endStart) = Self.withMsoID(Array("ab\(entity)".utf8))
        expectRejection(atEnd, .badEntity, at: endStart + 2)
    }

    @Test(
        arguments: [
            [0xC3, 0x28], [0xC0, 0x80], [0xC1, 0xBF], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80],
            [0xBF], [0xFF], [0xE2, 0x82], [0xF0, 0x9F, 0x8E],
        ] as [[UInt8]]
    )
    func invalidUTF8(sequence: [UInt8]) {
        let (token, start) = Self.withMsoID(Array("ok€".utf8) + sequence + Array("x".utf8))
        expectRejection(token, .invalidUTF8, at: start + 5)
        let (atEnd, endStart) = Self.withMsoID(Array("ok".utf8) + sequence)
        expectRejection(atEnd, .invalidUTF8, at: endStart + 2)
    }

    @Test func nonASCIIOutsideTextIsUnexpected() {
        let token = TokenFixtures.token(.authz)
        let at = offset(of: "<simpleTokenMsoID>", in: token)
        let broken = Array(token[..<at] + [0xC3, 0xA9] + token[at...])
        expectRejection(broken, .unexpectedCharacter, at: at)
    }

    @Test(arguments: [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1F] as [UInt8])
    func controlCharactersInText(byte: UInt8) {
        let (token, start) = Self.withMsoID([0x61, byte, 0x62])
        expectRejection(token, .unexpectedCharacter, at: start + 1)
    }

    @Test func emptyFields() throws {
        let (token, start) = Self.withMsoID([])
        expectRejection(token, .emptyField("simpleTokenMsoID"), at: start)
        let noSignature =
            "<signatureInfo></signatureInfo>"
            + String(decoding: TokenSerializer.bodyBytes(TokenFixtures.body(.media)), as: UTF8.self)
        expectRejection(noSignature, .emptyField("signatureInfo"), at: 15)
        // proxyMvpdId is the one field that may be empty (the fixture's is).
        #expect(try TokenParser.parse(TokenFixtures.token(.media)).body == TokenFixtures.body(.media))
    }

    /// The token with `signatureInfo`'s text replaced.
    static func withSignature(_ text: String) -> String {
        "<signatureInfo>\(text)</signatureInfo>"
            + String(decoding: TokenSerializer.bodyBytes(TokenFixtures.body(.authz)), as: UTF8.self)
    }

    @Test(arguments: [
        ("AAE*", 3), ("A*EC", 1), ("AAEC AAEC", 0), ("AAE", 0), ("AAECA", 0), ("AA=C", 2),
        ("A===", 1), ("====", 0), ("AB==", 1), ("ABC=", 2), ("QR==", 1), ("QUJ=", 2), ("AAEC\n", 0),
        ("AAEC-_A=", 4), ("AA==AAEC", 2), ("&amp;AAA", 0),
    ])
    func invalidBase64(text: String, badIndex: Int) {
        expectRejection(Self.withSignature(text), .invalidBase64, at: 15 + badIndex)
    }

    @Test func canonicalBase64Signatures() throws {
        for (text, bytes) in [("AA==", [0]), ("QUI=", [0x41, 0x42]), ("QUJD", [0x41, 0x42, 0x43])]
            as [(String, [UInt8])]
        {
            #expect(try TokenParser.parse(Self.withSignature(text)).signature == bytes)
        }
    }

    @Test(arguments: [
        "-5", "+5", "", " 5", "5 ", "12a", "0x10", "1e3", "9223372036854775808",
        "99999999999999999999", "٣",
    ])
    func invalidNumbers(text: String) {
        for name in ["ttl", "issueTime"] {
            let token = TokenFixtures.tokenString(.media)
            let bytes = Array(token.utf8)
            let start = offset(of: "<\(name)>", in: bytes) + name.utf8.count + 2
            let end = offset(of: "</\(name)>", in: bytes)
            let broken = Array(bytes[..<start] + Array(text.utf8) + bytes[end...])
            expectRejection(broken, .invalidNumber(name), at: start)
        }
        // A negative value is serializable (to build such tokens) but never parses.
        var body = TokenFixtures.media
        body.ttlMillis = -1
        let negative = TokenSerializer.token(signature: [1], body: .media(body))
        expectRejection(negative, .invalidNumber("ttl"), at: offset(of: "<ttl>", in: negative) + 5)
    }

    @Test(arguments: [
        "2023/02/29 00:00:00 GMT +0000", "2011/03/19 24:00:00 GMT +0000",
        "2011/03/19 02:29:34 GMT +1500", "2011/03/19 02:29:34 UTC +0200",
        "2011/03/19 02:29:34 GMT 0200", "2011/03/19 02:29:34 GMT +0200 ", "2011-03-19 02:29:34 GMT +0200",
        "",
    ])
    func invalidDates(text: String) {
        for kind in [TokenKind.authn, .authz] {
            let name = kind == .authn ? "simpleTokenExpires" : "simpleTokenTTL"
            let bytes = TokenFixtures.token(kind)
            let start = offset(of: "<\(name)>", in: bytes) + name.utf8.count + 2
            let end = offset(of: "</\(name)>", in: bytes)
            let broken = Array(bytes[..<start] + Array(text.utf8) + bytes[end...])
            expectRejection(broken, .invalidDate(name), at: start)
        }
    }
}
