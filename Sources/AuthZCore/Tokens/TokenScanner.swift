/// A forward-only cursor over a token's bytes, with the tag-level primitives of the wire format's
/// XML subset. Every method either advances or throws a `TokenFormatError` with a byte offset;
/// reading past the end always throws `.truncated` at the end offset.
struct TokenScanner {
    /// A tag the cursor has just read the name of.
    enum Tag {
        /// `<name` of a start tag; the cursor is right after the name.
        case start(lt: Int, name: Range<Int>)
        /// `</name` of an end tag; the cursor is right after the name.
        case end(lt: Int, name: Range<Int>)
    }

    /// The first byte of the token.
    let base: UnsafePointer<UInt8>
    /// The number of bytes in the token.
    let count: Int
    /// The current position.
    var i = 0

    /// Creates a cursor at the start of `count` bytes at `base`.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// An error at byte `offset`.
    @inline(__always)
    func error(_ reason: TokenFormatError.Reason, at offset: Int) -> TokenFormatError {
        TokenFormatError(reason, at: offset)
    }

    /// The truncation error: the input ended early.
    @inline(__always)
    var truncated: TokenFormatError { TokenFormatError(.truncated, at: count) }

    /// Whether `b` is ASCII whitespace: space, tab, CR or LF.
    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    /// Name-start characters among bytes 0...63 (`:`), one bit per byte.
    private static let nameStartLow: UInt64 = 0x0400_0000_0000_0000
    /// Name characters among bytes 0...63 (`-`, `.`, digits, `:`).
    private static let nameCharLow: UInt64 = 0x07FF_6000_0000_0000
    /// Name characters among bytes 64...127 (letters and `_`), same for start and continuation.
    private static let nameHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE

    /// Whether `b` may start an element name (ASCII letter, `_` or `:`).
    @inline(__always)
    static func isNameStart(_ b: UInt8) -> Bool {
        let mask = b < 64 ? nameStartLow : nameHigh
        return b < 128 && (mask &>> UInt64(b & 63)) & 1 != 0
    }

    /// Whether `b` may continue an element name (also digits, `-` and `.`).
    @inline(__always)
    static func isNameChar(_ b: UInt8) -> Bool {
        let mask = b < 64 ? nameCharLow : nameHigh
        return b < 128 && (mask &>> UInt64(b & 63)) & 1 != 0
    }

    /// Whether the bytes at the cursor are exactly `<name>` (`closing`: `</name>`).
    @inline(__always)
    func atTag(_ name: StaticString, closing: Bool) -> Bool {
        let n = name.utf8CodeUnitCount
        let nameStart = i + (closing ? 2 : 1)
        let gt = nameStart + n
        guard gt < count, base[gt] == 0x3E else { return false }
        if closing && base[i + 1] != 0x2F { return false }
        return TokenSchema.equals(base + nameStart, n, name)
    }

    /// Skips ASCII whitespace.
    @inline(__always)
    mutating func skipWhitespace() {
        while i < count, TokenScanner.isWhitespace(base[i]) { i += 1 }
    }

    /// Skips whitespace and requires a `<` next (not consumed).
    @inline(__always)
    mutating func skipWhitespaceToTag() throws(TokenFormatError) {
        skipWhitespace()
        guard i < count else { throw truncated }
        guard base[i] == 0x3C else { throw error(.unexpectedCharacter, at: i) }
    }

    /// Reads `<name` or `</name` at the cursor (which is on a `<`).
    ///
    /// Comments, CDATA, processing instructions and DOCTYPE (`<!`, `<?`) are rejected here.
    @inline(__always)
    mutating func readTag() throws(TokenFormatError) -> Tag {
        let lt = i
        var j = lt + 1
        guard j < count else { throw truncated }
        let closing = base[j] == 0x2F
        if closing {
            j += 1
            guard j < count else { throw truncated }
        } else if base[j] == 0x21 || base[j] == 0x3F {
            throw error(.markupNotAllowed, at: lt)
        }
        guard TokenScanner.isNameStart(base[j]) else { throw error(.unexpectedCharacter, at: j) }
        let nameStart = j
        j += 1
        while j < count, TokenScanner.isNameChar(base[j]) { j += 1 }
        guard j < count else { throw truncated }
        i = j
        return closing ? .end(lt: lt, name: nameStart..<j) : .start(lt: lt, name: nameStart..<j)
    }

    /// Finishes a start tag after its name: exactly `>` must follow.
    @inline(__always)
    mutating func finishStartTag(_ element: StaticString) throws(TokenFormatError) {
        guard base[i] != 0x3E else {
            i += 1
            return
        }
        let at = i
        if TokenScanner.isWhitespace(base[at]) {
            skipWhitespace()
            guard i < count else { throw truncated }
            if TokenScanner.isNameStart(base[i]) {
                throw error(.attributeNotAllowed(element.description), at: i)
            }
        }
        throw error(.unexpectedCharacter, at: at)
    }

    /// Finishes an end tag after its name: exactly `>` must follow.
    @inline(__always)
    mutating func finishEndTag() throws(TokenFormatError) {
        guard base[i] == 0x3E else { throw error(.unexpectedCharacter, at: i) }
        i += 1
    }

    /// Reads the end tag `</element>` at the cursor (on a `<`) that closes a text field.
    ///
    /// A start tag there is an element nested inside the text field.
    @inline(__always)
    mutating func readFieldEndTag(_ element: StaticString) throws(TokenFormatError) {
        if atTag(element, closing: true) {
            i += element.utf8CodeUnitCount + 3
            return
        }
        switch try readTag() {
        case .start(let lt, _):
            throw error(.nestedElement(element.description), at: lt)
        case .end(let lt, let name):
            guard matches(name, element) else {
                throw error(.mismatchedClosingTag(element.description), at: lt)
            }
            try finishEndTag()
        }
    }

    /// Whether the bytes of `range` spell `name`.
    @inline(__always)
    func matches(_ range: Range<Int>, _ name: StaticString) -> Bool {
        TokenSchema.equals(base + range.lowerBound, range.count, name)
    }

    /// The bytes of `range` as a string (element names: ASCII only), cut at 64 bytes.
    func nameString(_ range: Range<Int>) -> String {
        let shown = range.lowerBound..<min(range.upperBound, range.lowerBound + 64)
        return String(
            decoding: UnsafeBufferPointer(start: base + shown.lowerBound, count: shown.count),
            as: UTF8.self
        )
    }
}
