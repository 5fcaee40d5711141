/// Writes tokens in the canonical compact wire form: no whitespace, fields in DESIGN §2 order,
/// text escaped with the five predefined entities.
public enum TokenSerializer {
    /// The canonical bytes of the body element: the signature input.
    public static func bodyBytes(_ body: TokenBody) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        let kind = body.kind
        open(kind.staticElementName, &out)
        switch body {
        case .authn(let b):
            text(TokenSchema.name(kind, 0), b.guid, &out)
            text(TokenSchema.name(kind, 1), b.requestorID, &out)
            text(TokenSchema.name(kind, 2), b.domainName, &out)
            date(TokenSchema.name(kind, 3), b.expires, &out)
            text(TokenSchema.name(kind, 4), b.msoID, &out)
            deviceID(b.fingerprint, &out)
        case .authz(let b):
            text(TokenSchema.name(kind, 0), b.requestorID, &out)
            text(TokenSchema.name(kind, 1), b.resourceID, &out)
            date(TokenSchema.name(kind, 2), b.expires, &out)
            text(TokenSchema.name(kind, 3), b.msoID, &out)
            deviceID(b.fingerprint, &out)
        case .media(let b):
            text(TokenSchema.name(kind, 0), b.sessionGUID, &out)
            text(TokenSchema.name(kind, 1), b.requestorID, &out)
            text(TokenSchema.name(kind, 2), b.resourceID, &out)
            number(TokenSchema.name(kind, 3), b.ttlMillis, &out)
            number(TokenSchema.name(kind, 4), b.issueTimeMillis, &out)
            text(TokenSchema.name(kind, 5), b.mvpdID, &out)
            text(TokenSchema.name(kind, 6), b.proxyMvpdID, &out)
        }
        close(kind.staticElementName, &out)
        return out
    }

    /// The whole token: `<signatureInfo>` + base64(signature) + `</signatureInfo>` + body bytes.
    public static func token(signature: [UInt8], bodyBytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(33 + Base64.encodedCount(signature.count) + bodyBytes.count)
        open(TokenSchema.signatureElement, &out)
        out.append(contentsOf: Base64.encodeBytes(signature))
        close(TokenSchema.signatureElement, &out)
        out.append(contentsOf: bodyBytes)
        return out
    }

    /// The whole token for `body`, signed with `signature`: `token(signature:bodyBytes:)`.
    public static func token(signature: [UInt8], body: TokenBody) -> [UInt8] {
        token(signature: signature, bodyBytes: bodyBytes(body))
    }

    /// Appends `text` escaped with the five predefined entities.
    static func appendEscaped(_ text: String, _ out: inout [UInt8]) {
        for b in text.utf8 {
            switch b {
            case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x27: out.append(contentsOf: [0x26, 0x61, 0x70, 0x6F, 0x73, 0x3B])  // &apos;
            default: out.append(b)
            }
        }
    }

    private static func open(_ name: StaticString, _ out: inout [UInt8]) {
        out.append(0x3C)
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x3E)
    }

    private static func close(_ name: StaticString, _ out: inout [UInt8]) {
        out.append(0x3C)
        out.append(0x2F)
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x3E)
    }

    private static func text(_ name: StaticString, _ value: String, _ out: inout [UInt8]) {
        open(name, &out)
        appendEscaped(value, &out)
        close(name, &out)
    }

    private static func date(_ name: StaticString, _ value: TokenDate, _ out: inout [UInt8]) {
        open(name, &out)
        value.append(to: &out)
        close(name, &out)
    }

    /// Writes `value` in decimal (a negative value gets a `-`, which the parser rejects).
    private static func number(_ name: StaticString, _ value: Int64, _ out: inout [UInt8]) {
        open(name, &out)
        out.append(contentsOf: String(value).utf8)
        close(name, &out)
    }

    private static func deviceID(_ fingerprint: String, _ out: inout [UInt8]) {
        open(TokenSchema.deviceIDElement, &out)
        text(TokenSchema.fingerprintElement, fingerprint, &out)
        close(TokenSchema.deviceIDElement, &out)
    }
}
