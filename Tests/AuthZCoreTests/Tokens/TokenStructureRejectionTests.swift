import AuthZCore
import Testing

@Suite("Token codec: structural rejections with exact offsets")
struct TokenStructureRejectionTests {
    @Test(arguments: TokenKind.allCases)
    func everyProperPrefixIsTruncatedAtItsEnd(kind: TokenKind) {
        for token in [TokenFixtures.token(kind), Array(TokenFixtures.prettyToken(kind).utf8)] {
            let end = offset(of: "</\(kind.elementName)>", in: token) + kind.elementName.utf8.count + 3
            for cut in 1..<end {
                expectRejection(Array(token[..<cut]), .truncated, at: cut)
            }
        }
        expectRejection([UInt8](), .emptyInput, at: 0)
    }

    @Test func elementNestedInsideATextField() {
        let text = TokenFixtures.tokenString(.authn).replacing(">Comcast<", with: ">Com<b>x</b>cast<")
        expectRejection(text, .nestedElement("simpleTokenMsoID"), at: offset(of: "<b>", in: text))
    }

    @Test func duplicatedElements() {
        let authn = TokenFixtures.tokenString(.authn)
        let extra = "<simpleTokenRequestorID>X</simpleTokenRequestorID>"
        let dup = authn.replacing("</simpleAuthenticationToken>", with: extra + "</simpleAuthenticationToken>")
        let second = offset(
            of: "<simpleTokenRequestorID>",
            in: dup,
            from: offset(of: "</simpleTokenRequestorID>", in: dup)
        )
        expectRejection(dup, .duplicateElement("simpleTokenRequestorID"), at: second)

        let fp = "<simpleTokenFingerprint>\(TokenFixtures.fingerprint)</simpleTokenFingerprint>"
        let twoFingerprints = authn.replacing(fp, with: fp + fp)
        expectRejection(
            twoFingerprints,
            .duplicateElement("simpleTokenFingerprint"),
            at: offset(of: fp, in: twoFingerprints) + fp.utf8.count
        )

        let sig = "<signatureInfo>AAEC</signatureInfo>"
        expectRejection(sig + sig, .duplicateElement("signatureInfo"), at: sig.utf8.count)
    }

    static let requiredElements: [(TokenKind, String)] = TokenKind.allCases.flatMap { kind in
        TokenFixtures.childNames(kind).map { (kind, $0) }
    }

    @Test(arguments: requiredElements)
    func missingElement(kind: TokenKind, name: String) {
        let text = TokenFixtures.tokenString(kind)
        let bytes = Array(text.utf8)
        let start = offset(of: "<\(name)>", in: bytes)
        let end = offset(of: "</\(name)>", in: bytes) + name.utf8.count + 3
        let removed = Array(bytes[..<start] + bytes[end...])
        // The fingerprint is missed where its container closes; the rest where the body closes.
        let closing = name == "simpleTokenFingerprint" ? "</simpleTokenDeviceID>" : "</\(kind.elementName)>"
        expectRejection(removed, .missingElement(name), at: offset(of: closing, in: removed))
    }

    @Test func missingSignatureOrBody() {
        let body = TokenSerializer.bodyBytes(TokenFixtures.body(.authz))
        expectRejection(body, .missingElement("signatureInfo"), at: 0)
        expectRejection("<signatureInfo>AAEC</signatureInfo>  ", .truncated, at: 37)
    }

    @Test func unknownElements() {
        let text = TokenFixtures.tokenString(.authz).replacing(
            "<simpleTokenMsoID>",
            with: "<simpleTokenFoo>x</simpleTokenFoo><simpleTokenMsoID>"
        )
        expectRejection(text, .unknownElement("simpleTokenFoo"), at: offset(of: "<simpleTokenFoo>", in: text))
        // A child of another kind is unknown here.
        let media = TokenFixtures.tokenString(.media).replacing(
            "<ttl>",
            with: "<simpleTokenTTL>x</simpleTokenTTL><ttl>"
        )
        expectRejection(media, .unknownElement("simpleTokenTTL"), at: offset(of: "<simpleTokenTTL>", in: media))
        expectRejection("<token>x</token>", .unknownElement("token"), at: 0)
        let body = "<signatureInfo>AAEC</signatureInfo><simpleToken></simpleToken>"
        expectRejection(body, .unknownElement("simpleToken"), at: offset(of: "<simpleToken>", in: body))
        let inDevice = TokenFixtures.tokenString(.authn).replacing(
            "<simpleTokenDeviceID>",
            with: "<simpleTokenDeviceID><other>x</other>"
        )
        expectRejection(inDevice, .unknownElement("other"), at: offset(of: "<other>", in: inDevice))
    }

    @Test func attributesAndOtherTagShapes() {
        let base = TokenFixtures.tokenString(.authn)
        let attr = base.replacing("<simpleTokenMsoID>", with: "<simpleTokenMsoID id=\"1\">")
        expectRejection(attr, .attributeNotAllowed("simpleTokenMsoID"), at: offset(of: "id=", in: attr))
        let bodyAttr = base.replacing("<simpleAuthenticationToken>", with: "<simpleAuthenticationToken\n  v='2'>")
        expectRejection(bodyAttr, .attributeNotAllowed("simpleAuthenticationToken"), at: offset(of: "v=", in: bodyAttr))
        let space = base.replacing("<simpleTokenMsoID>", with: "<simpleTokenMsoID >")
        expectRejection(space, .unexpectedCharacter, at: offset(of: " >", in: space))
        let media = TokenFixtures.tokenString(.media).replacing("<proxyMvpdId></proxyMvpdId>", with: "<proxyMvpdId/>")
        expectRejection(media, .unexpectedCharacter, at: offset(of: "/>", in: media))
        let mismatch = base.replacing("</simpleTokenMsoID>", with: "</simpleTokenMsoId>")
        expectRejection(
            mismatch,
            .mismatchedClosingTag("simpleTokenMsoID"),
            at: offset(of: "</simpleTokenMsoId>", in: mismatch)
        )
        let bodyMismatch = base.replacing("</simpleAuthenticationToken>", with: "</simpleAuthorizationToken>")
        expectRejection(
            bodyMismatch,
            .mismatchedClosingTag("simpleAuthenticationToken"),
            at: offset(of: "</simpleAuthorizationToken>", in: bodyMismatch)
        )
        let endSpace = base.replacing("</simpleTokenMsoID>", with: "</simpleTokenMsoID >")
        expectRejection(endSpace, .unexpectedCharacter, at: offset(of: " >", in: endSpace))
        let badName = base.replacing("<simpleTokenMsoID>", with: "< simpleTokenMsoID>")
        expectRejection(badName, .unexpectedCharacter, at: offset(of: "< simple", in: badName) + 1)
    }

    @Test(arguments: ["<!-- note -->", "<![CDATA[x]]>", "<?pi x?>", "<!DOCTYPE x>"])
    func markupIsRejectedWherever(markup: String) {
        let base = TokenFixtures.tokenString(.authz)
        let before = markup + base
        expectRejection(before, .markupNotAllowed, at: 0)
        let between = base.replacing("</signatureInfo>", with: "</signatureInfo>" + markup)
        expectRejection(between, .markupNotAllowed, at: offset(of: markup, in: between))
        let amongChildren = base.replacing("<simpleTokenMsoID>", with: markup + "<simpleTokenMsoID>")
        expectRejection(amongChildren, .markupNotAllowed, at: offset(of: markup, in: amongChildren))
        let inText = base.replacing(">Charter<", with: ">Char" + markup + "ter<")
        expectRejection(inText, .markupNotAllowed, at: offset(of: markup, in: inText))
        let inSignature = base.replacing("<signatureInfo>", with: "<signatureInfo>" + markup)
        expectRejection(inSignature, .markupNotAllowed, at: 15)
        let after = base + markup
        expectRejection(after, .trailingData, at: base.utf8.count)
    }

    @Test func contentOutsideTheTwoElements() {
        let base = TokenFixtures.tokenString(.media)
        expectRejection("x" + base, .unexpectedCharacter, at: 0)
        expectRejection(" \t\r\nx" + base, .unexpectedCharacter, at: 4)
        expectRejection(base + "x", .trailingData, at: base.utf8.count)
        expectRejection(base + "\n \u{0}", .trailingData, at: base.utf8.count + 2)
        let between = base.replacing("</signatureInfo>", with: "</signatureInfo> x ")
        expectRejection(between, .unexpectedCharacter, at: offset(of: " x ", in: between) + 1)
        let amongChildren = base.replacing("<ttl>", with: "\n ttl <ttl>")
        expectRejection(amongChildren, .unexpectedCharacter, at: offset(of: "ttl <ttl>", in: amongChildren))
        let twoBodies = base + String(decoding: TokenSerializer.bodyBytes(TokenFixtures.body(.media)), as: UTF8.self)
        expectRejection(twoBodies, .trailingData, at: base.utf8.count)
        expectRejection("\u{FEFF}" + base, .unexpectedCharacter, at: 0)  // no byte order mark
        expectRejection("</signatureInfo>", .unexpectedCharacter, at: 1)
    }

    @Test func oversizeTokenIsRejectedBeforeParsing() {
        // 16385 bytes of a valid token plus padding: rejected on size alone.
        var token = TokenFixtures.token(.authn)
        token += [UInt8](repeating: 0x20, count: TokenParser.maxTokenBytes + 1 - token.count)
        expectRejection(token, .tokenTooLarge(16_385), at: 16_384)
        // 16384 bytes of garbage proceed to parsing and fail there instead.
        expectRejection([UInt8](repeating: 0x41, count: 16_384), .unexpectedCharacter, at: 0)
        expectRejection([UInt8](repeating: 0x41, count: 16_385), .tokenTooLarge(16_385), at: 16_384)
    }

    @Test func oversizeFieldIsRejectedBeforeItsTextIsExamined() {
        var body = TokenFixtures.authn
        body.domainName = String(repeating: "d", count: TokenParser.maxFieldBytes + 1)
        let token = TokenSerializer.token(signature: [1], body: .authn(body))
        let text = offset(of: "<simpleTokenDomainName>", in: token) + 23
        expectRejection(token, .fieldTooLarge("simpleTokenDomainName"), at: text)
        // Even when the oversize text is also invalid, or the input stops inside it.
        let bad = String(decoding: token, as: UTF8.self).replacing("dddd<", with: "&bad;\u{1}<")
        expectRejection(bad, .fieldTooLarge("simpleTokenDomainName"), at: text)
        expectRejection(Array(token[..<(text + 1_025)]), .fieldTooLarge("simpleTokenDomainName"), at: text)
        expectRejection(Array(token[..<(text + 1_024)]), .truncated, at: text + 1_024)
        // The signature is a field too.
        let longSignature = TokenSerializer.token(
            signature: [UInt8](repeating: 7, count: 771),
            body: .authn(TokenFixtures.authn)
        )
        expectRejection(longSignature, .fieldTooLarge("signatureInfo"), at: 15)
    }

    @Test func descriptionNamesTheCodeOffsetAndReason() {
        let error = TokenFormatError(.duplicateElement("requestorID"), at: 57)
        #expect(error.description == "INVALID_TOKEN_FORMAT at byte 57: duplicate element <requestorID>")
        #expect(error.resultCode == .invalidTokenFormat)
        #expect(
            TokenFormatError(.truncated, at: 3).description
                == "INVALID_TOKEN_FORMAT at byte 3: token is truncated"
        )
    }
}
