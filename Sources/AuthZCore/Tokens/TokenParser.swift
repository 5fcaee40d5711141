/// Parses the token wire format (see AuthZCore's WireFormat article): `<signatureInfo>BASE64</signatureInfo>` then one
/// body
/// element, in a single pass over the bytes without Foundation.
///
/// Accepted grammar, strictly:
/// - ASCII whitespace (space, tab, CR, LF) may surround and separate the two elements, and may sit
///   between the child elements of an element that contains elements (so pretty-printed tokens
///   parse); nothing else may. The signature still covers the body's exact bytes.
/// - Tags are exactly `<name>` and `</name>`: no attributes, no whitespace inside tags, no
///   empty-element tags (`<name/>`); no comments, CDATA, processing instructions or DOCTYPE.
/// - Each element of the body kind appears exactly once, in any order; `simpleTokenDeviceID`
///   contains exactly one `simpleTokenFingerprint`.
/// - Text is UTF-8 without control characters other than tab, CR and LF, and uses only the five
///   entities `&amp; &lt; &gt; &quot; &apos;` (no numeric references). Text is taken verbatim,
///   whitespace included. Only `proxyMvpdId` may be empty.
/// - `ttl` and `issueTime` are non-negative decimal numbers that fit in `Int64` (leading zeros
///   allowed); `simpleTokenExpires` and `simpleTokenTTL` are `TokenDate`s.
/// - The signature is strict base64 (see `Base64`) and must not be empty.
/// - A token is at most `maxTokenBytes`, a field's raw text at most `maxFieldBytes` (the
///   signature's too); both are checked before the content is examined.
public enum TokenParser {
    /// The largest token accepted, in bytes (16 KiB).
    public static let maxTokenBytes = 16_384
    /// The largest raw text of one field accepted, in bytes (1 KiB).
    public static let maxFieldBytes = 1_024

    /// Parses a token from raw bytes.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer
    ) throws(TokenFormatError)
        -> ParsedToken
    {
        guard bytes.count <= maxTokenBytes else {
            throw TokenFormatError(.tokenTooLarge(bytes.count), at: maxTokenBytes)
        }
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw TokenFormatError(.emptyInput, at: 0)
        }
        var scanner = TokenScanner(
            base: base.assumingMemoryBound(to: UInt8.self),
            count: bytes.count
        )
        return try scanner.parseToken()
    }

    /// Parses a token from a byte array.
    public static func parse(_ bytes: [UInt8]) throws(TokenFormatError) -> ParsedToken {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TokenFormatError) in try parse(raw) }
        }
        return try result.get()
    }

    /// Parses a token from a string (its UTF-8 bytes).
    public static func parse(_ string: String) throws(TokenFormatError) -> ParsedToken {
        var string = string
        let result = string.withUTF8 { utf8 in
            Result { () throws(TokenFormatError) in try parse(UnsafeRawBufferPointer(utf8)) }
        }
        return try result.get()
    }
}

extension TokenScanner {
    /// Parses the whole token from the start.
    mutating func parseToken() throws(TokenFormatError) -> ParsedToken {
        // <signatureInfo>
        try skipWhitespaceToTag()
        if atTag(TokenSchema.signatureElement, closing: false) {
            i += TokenSchema.signatureElement.utf8CodeUnitCount + 2
        } else {
            try readSignatureStartTagSlowly()
        }
        let (signatureText, _) = try scanText(TokenSchema.signatureElement)
        try readFieldEndTag(TokenSchema.signatureElement)

        // The body element.
        try skipWhitespaceToTag()
        let bodyStart = i
        let kind: TokenKind
        switch try readTag() {
        case .end(let lt, _):
            throw error(.unexpectedCharacter, at: lt + 1)
        case .start(let lt, let name):
            guard let found = TokenSchema.kind(named: base + name.lowerBound, count: name.count)
            else {
                throw matches(name, TokenSchema.signatureElement)
                    ? error(.duplicateElement(TokenSchema.signatureElement.description), at: lt)
                    : error(.unknownElement(nameString(name)), at: lt)
            }
            kind = found
        }
        try finishStartTag(kind.staticElementName)
        var spans = FieldSpans()
        let bodyCloseStart = try parseChildren(of: kind, into: &spans)
        let bodyEnd = i
        skipWhitespace()
        guard i == count else { throw error(.trailingData, at: i) }
        for slot in 0..<TokenSchema.slotCount(kind) where !spans.wasSeen(slot) {
            throw error(
                .missingElement(TokenSchema.name(kind, slot).description),
                at: bodyCloseStart
            )
        }

        let signature = try decodeSignature(signatureText)
        let body = try makeBody(kind, spans)
        return ParsedToken(signature: signature, body: body, bodyRange: bodyStart..<bodyEnd)
    }

    /// Reads a start tag that should be `<signatureInfo>` but is not exactly that.
    private mutating func readSignatureStartTagSlowly() throws(TokenFormatError) {
        switch try readTag() {
        case .end(let lt, _):
            throw error(.unexpectedCharacter, at: lt + 1)
        case .start(let lt, let name):
            guard matches(name, TokenSchema.signatureElement) else {
                let isBody = TokenSchema.kind(named: base + name.lowerBound, count: name.count)
                throw isBody != nil
                    ? error(.missingElement(TokenSchema.signatureElement.description), at: lt)
                    : error(.unknownElement(nameString(name)), at: lt)
            }
        }
        try finishStartTag(TokenSchema.signatureElement)
    }

    /// Reads the children of the body element through its end tag; returns the end tag's offset.
    private mutating func parseChildren(
        of kind: TokenKind,
        into spans: inout FieldSpans
    )
        throws(TokenFormatError) -> Int
    {
        let top = TokenSchema.topLevelCount(kind)
        var preferred = 0
        while true {
            try skipWhitespaceToTag()
            // Fast path: the next child in canonical order.
            if preferred < top, !spans.wasSeen(preferred) {
                let element = TokenSchema.name(kind, preferred)
                if atTag(element, closing: false) {
                    i += element.utf8CodeUnitCount + 2
                    try readChild(kind, preferred, element, into: &spans)
                    preferred += 1
                    continue
                }
            }
            switch try readTag() {
            case .end(let lt, let name):
                guard matches(name, kind.staticElementName) else {
                    throw error(.mismatchedClosingTag(kind.elementName), at: lt)
                }
                try finishEndTag()
                return lt
            case .start(let lt, let name):
                let slot = TokenSchema.slot(
                    kind,
                    named: base + name.lowerBound,
                    count: name.count,
                    preferred: preferred
                )
                guard slot >= 0 else { throw error(.unknownElement(nameString(name)), at: lt) }
                let element = TokenSchema.name(kind, slot)
                guard !spans.wasSeen(slot) else {
                    throw error(.duplicateElement(element.description), at: lt)
                }
                try finishStartTag(element)
                try readChild(kind, slot, element, into: &spans)
                preferred = slot + 1
            }
        }
    }

    /// Reads the content and end tag of child `slot`, whose start tag has just been read.
    @inline(__always)
    private mutating func readChild(
        _ kind: TokenKind,
        _ slot: Int,
        _ element: StaticString,
        into spans: inout FieldSpans
    ) throws(TokenFormatError) {
        spans.seen |= 1 << slot
        if slot == TokenSchema.containerSlot(kind) {
            try parseDeviceID(fingerprintSlot: slot + 1, into: &spans)
        } else {
            let (range, hasEntities) = try scanText(element)
            try readFieldEndTag(element)
            spans.record(slot, range, hasEntities: hasEntities)
        }
    }

    /// Reads the inside of `simpleTokenDeviceID` through its end tag.
    private mutating func parseDeviceID(
        fingerprintSlot: Int,
        into spans: inout FieldSpans
    )
        throws(TokenFormatError)
    {
        let fingerprint = TokenSchema.fingerprintElement
        let container = TokenSchema.deviceIDElement
        try skipWhitespaceToTag()
        if atTag(fingerprint, closing: false) {
            i += fingerprint.utf8CodeUnitCount + 2
        } else {
            try readFingerprintStartTagSlowly()
        }
        let (range, hasEntities) = try scanText(fingerprint)
        try readFieldEndTag(fingerprint)
        spans.seen |= 1 << fingerprintSlot
        spans.record(fingerprintSlot, range, hasEntities: hasEntities)
        try skipWhitespaceToTag()
        if atTag(container, closing: true) {
            i += container.utf8CodeUnitCount + 3
            return
        }
        switch try readTag() {
        case .end(let lt, let name):
            guard matches(name, container) else {
                throw error(.mismatchedClosingTag(container.description), at: lt)
            }
            try finishEndTag()
        case .start(let lt, let name):
            throw matches(name, fingerprint)
                ? error(.duplicateElement(fingerprint.description), at: lt)
                : error(.unknownElement(nameString(name)), at: lt)
        }
    }

    /// Reads a start tag that should be `<simpleTokenFingerprint>` but is not exactly that.
    private mutating func readFingerprintStartTagSlowly() throws(TokenFormatError) {
        let fingerprint = TokenSchema.fingerprintElement
        let container = TokenSchema.deviceIDElement
        switch try readTag() {
        case .end(let lt, let name):
            throw matches(name, container)
                ? error(.missingElement(fingerprint.description), at: lt)
                : error(.mismatchedClosingTag(container.description), at: lt)
        case .start(let lt, let name):
            guard matches(name, fingerprint) else {
                throw error(.unknownElement(nameString(name)), at: lt)
            }
        }
        try finishStartTag(fingerprint)
    }
}
