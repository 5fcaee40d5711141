/// Writes tokens in the canonical compact wire form: no whitespace, fields in the wire format's order,
/// text escaped with the five predefined entities.
public enum TokenSerializer {
    /// The canonical bytes of the body element: the signature input.
    public static func bodyBytes(_ body: TokenBody) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bodyByteBound(body)) { buffer, initialized in
            var writer = TokenWriter(UnsafeMutableRawBufferPointer(buffer))
            write(body, to: &writer)
            initialized = writer.count
        }
    }

    /// An upper bound on the size of `bodyBytes(body)`: every tag, every text fully escaped,
    /// 40 bytes per date and 21 per number.
    public static func bodyByteBound(_ body: TokenBody) -> Int {
        var total = TokenSchema.tagBytes(body.kind) + (body.kind == .media ? 2 * 21 : 40)
        forEachTextField(body) { _, text, _ in total += TokenWriter.escapedBound(text) }
        return total
    }

    /// Writes the canonical body element (fields in the wire format's order, text escaped).
    static func write(_ body: TokenBody, to out: inout TokenWriter) {
        let kind = body.kind
        out.open(kind.staticElementName)
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
        out.close(kind.staticElementName)
    }

    /// The whole token: `<signatureInfo>` + base64(signature) + `</signatureInfo>` + body bytes.
    public static func token(signature: [UInt8], bodyBytes: [UInt8]) -> [UInt8] {
        signature.withUnsafeBytes { s in bodyBytes.withUnsafeBytes { b in token(signature: s, bodyBytes: b) } }
    }

    /// The whole token from raw buffers, in one exactly sized allocation.
    ///
    /// Written in stack scratch, then copied into the array: `Array(unsafeUninitializedCapacity:)`
    /// allocates through the standard library's unspecialised path, which looks up the array
    /// storage's generic metadata at run time on every call (about 360 instructions, measured with
    /// callgrind on a warm `getAuthorization`); copying from a buffer pointer allocates through
    /// code specialised here, with the metadata cached, and the copy is one `memcpy`.
    public static func token(signature: UnsafeRawBufferPointer, bodyBytes: UnsafeRawBufferPointer) -> [UInt8] {
        let count = signatureElementBytes(signatureLength: signature.count) + bodyBytes.count
        return withUnsafeTemporaryAllocation(byteCount: count, alignment: 8) { scratch in
            var writer = TokenWriter(scratch)
            writeSignatureElement(signature, to: &writer)
            writer.bytes(bodyBytes)
            return [UInt8](writer.written)
        }
    }

    /// The size of the signature element for a signature of `signatureLength` bytes:
    /// `<signatureInfo>` + its base64 + `</signatureInfo>`.
    static func signatureElementBytes(signatureLength: Int) -> Int {
        2 * TokenSchema.signatureElement.utf8CodeUnitCount + 5 + Base64.encodedCount(signatureLength)
    }

    /// Writes the signature element, `signatureElementBytes(signatureLength: signature.count)` bytes.
    static func writeSignatureElement(_ signature: UnsafeRawBufferPointer, to writer: inout TokenWriter) {
        writer.open(TokenSchema.signatureElement)
        writer.base64(signature)
        writer.close(TokenSchema.signatureElement)
    }

    /// The whole token for `body`, signed with `signature`: `token(signature:bodyBytes:)`.
    public static func token(signature: [UInt8], body: TokenBody) -> [UInt8] {
        token(signature: signature, bodyBytes: bodyBytes(body))
    }

    /// Writes a media-token body whose session GUID is the 128 bits `session` (written as a UUID),
    /// without building a `MediaTokenBody`: the minting fast path. Same bytes as `write(.media(...))`
    /// with `sessionGUID` set to that UUID text.
    package static func writeMedia(
        session: (high: UInt64, low: UInt64),
        requestorID: String,
        resourceID: String,
        ttlMillis: Int64,
        issueTimeMillis: Int64,
        mvpdID: String,
        proxyMvpdID: String,
        to out: inout TokenWriter
    ) {
        // The body is a fixed template: its constant runs are written whole (one bounds check each).
        out.name("<shortAuthorizationToken><sessionGUID>")
        out.uuid(high: session.high, low: session.low)
        out.name("</sessionGUID><requestorID>")
        out.escaped(requestorID)
        out.name("</requestorID><resourceID>")
        out.escaped(resourceID)
        out.name("</resourceID><ttl>")
        out.decimal(ttlMillis)
        out.name("</ttl><issueTime>")
        out.decimal(issueTimeMillis)
        out.name("</issueTime><mvpdId>")
        out.escaped(mvpdID)
        out.name("</mvpdId><proxyMvpdId>")
        out.escaped(proxyMvpdID)
        out.name("</proxyMvpdId></shortAuthorizationToken>")
    }

    /// The first 64 bytes of every media body `writeMedia` writes for a session
    /// `(high: sessionPrefix, low: n)` with `n < 2^40`: the body's opening tags and the first 26
    /// characters of the session UUID, which are `sessionPrefix`'s 16 digits, the top 16 bits of
    /// `n` (zero) and the top two digits of its low 48 bits (zero below 2^40).
    package static func mediaBodyCommonPrefix(sessionPrefix: UInt64) -> [UInt8] {
        let bound = mediaByteBound(requestorID: "", resourceID: "", mvpdID: "", proxyMvpdID: "")
        return withUnsafeTemporaryAllocation(byteCount: bound, alignment: 8) { scratch in
            var writer = TokenWriter(scratch)
            writeMedia(
                session: (sessionPrefix, 1),
                requestorID: "",
                resourceID: "",
                ttlMillis: 0,
                issueTimeMillis: 0,
                mvpdID: "",
                proxyMvpdID: "",
                to: &writer
            )
            return [UInt8](writer.written.prefix(64))
        }
    }

    /// The bound of `writeMedia` for these texts.
    package static func mediaByteBound(
        requestorID: String,
        resourceID: String,
        mvpdID: String,
        proxyMvpdID: String
    ) -> Int {
        TokenSchema.tagBytes(.media) + 36 + 2 * 21 + TokenWriter.escapedBound(requestorID)
            + TokenWriter.escapedBound(resourceID)
            + TokenWriter.escapedBound(mvpdID) + TokenWriter.escapedBound(proxyMvpdID)
    }

    private static func text(_ name: StaticString, _ value: String, _ out: inout TokenWriter) {
        out.open(name)
        out.escaped(value)
        out.close(name)
    }

    private static func date(_ name: StaticString, _ value: TokenDate, _ out: inout TokenWriter) {
        out.open(name)
        out.date(value)
        out.close(name)
    }

    private static func number(_ name: StaticString, _ value: Int64, _ out: inout TokenWriter) {
        out.open(name)
        out.decimal(value)
        out.close(name)
    }

    private static func deviceID(_ fingerprint: String, _ out: inout TokenWriter) {
        out.open(TokenSchema.deviceIDElement)
        text(TokenSchema.fingerprintElement, fingerprint, &out)
        out.close(TokenSchema.deviceIDElement)
    }
}
