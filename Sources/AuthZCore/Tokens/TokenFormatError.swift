/// Why a token does not follow the wire format, and the byte offset in the input where that shows.
///
/// Offsets are zero-based byte positions in the token as given:
/// - structural problems point at the offending byte, or at the `<` of the offending tag;
/// - `truncated` points at the end of the input (its byte count);
/// - `missingElement` points at the `<` of the closing tag of the element that lacks the child;
/// - `fieldTooLarge`, `emptyField`, `invalidNumber` and `invalidDate` point at the first byte of
///   the field's text; `invalidBase64` at the offending base64 character (or the first one when the
///   length is wrong);
/// - `tokenTooLarge` points at the byte limit (the first byte past 16 KiB).
///
/// Every such error maps to `ResultCode.invalidTokenFormat`.
public struct TokenFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the token.
    public enum Reason: Sendable, Equatable {
        /// The token has this many bytes, more than `TokenParser.maxTokenBytes`.
        case tokenTooLarge(Int)
        /// The named field's raw text is longer than `TokenParser.maxFieldBytes`.
        case fieldTooLarge(String)
        /// The input ends before the token is complete.
        case truncated
        /// A byte that the grammar does not allow at this place.
        case unexpectedCharacter
        /// An element whose name is not allowed here.
        case unknownElement(String)
        /// An element that appears a second time.
        case duplicateElement(String)
        /// A required element is absent.
        case missingElement(String)
        /// An element inside the named text field.
        case nestedElement(String)
        /// An attribute on the named element.
        case attributeNotAllowed(String)
        /// A comment, CDATA section, processing instruction or DOCTYPE.
        case markupNotAllowed
        /// An entity other than `&amp; &lt; &gt; &quot; &apos;`, or an unterminated one.
        case badEntity
        /// Text that is not valid UTF-8.
        case invalidUTF8
        /// The signature is not strict, padded, canonical standard base64.
        case invalidBase64
        /// The named field is not a non-negative decimal number that fits in 64 bits.
        case invalidNumber(String)
        /// The named field is not a date in the layout `yyyy/MM/dd HH:mm:ss GMT +hhmm`.
        case invalidDate(String)
        /// A closing tag that does not close the named open element.
        case mismatchedClosingTag(String)
        /// Something other than whitespace after the body element.
        case trailingData
        /// The input has no bytes at all.
        case emptyInput
        /// The named field has no text, but it must have some.
        case emptyField(String)
    }

    /// What is wrong.
    public var reason: Reason
    /// The zero-based byte offset in the input where the problem shows.
    public var offset: Int

    /// Creates an error for `reason` at byte `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The result code for any format error: `INVALID_TOKEN_FORMAT`.
    public var resultCode: ResultCode { .invalidTokenFormat }

    /// One line, e.g. `INVALID_TOKEN_FORMAT at byte 57: duplicate element <requestorID>`.
    public var description: String {
        "\(ResultCode.invalidTokenFormat.rawValue) at byte \(offset): \(reason)"
    }
}

extension TokenFormatError.Reason: CustomStringConvertible {
    /// A short human-readable explanation, e.g. `duplicate element <requestorID>`.
    public var description: String {
        switch self {
        case .tokenTooLarge(let count):
            "token of \(count) bytes exceeds the \(TokenParser.maxTokenBytes)-byte limit"
        case .fieldTooLarge(let name):
            "text of <\(name)> exceeds the \(TokenParser.maxFieldBytes)-byte limit"
        case .truncated: "token is truncated"
        case .unexpectedCharacter: "unexpected character"
        case .unknownElement(let name): "unknown element <\(name)>"
        case .duplicateElement(let name): "duplicate element <\(name)>"
        case .missingElement(let name): "missing element <\(name)>"
        case .nestedElement(let name): "element nested inside text field <\(name)>"
        case .attributeNotAllowed(let name): "attribute on <\(name)> not allowed"
        case .markupNotAllowed: "comment, CDATA, processing instruction or DOCTYPE not allowed"
        case .badEntity: "entity other than &amp; &lt; &gt; &quot; &apos;"
        case .invalidUTF8: "invalid UTF-8"
        case .invalidBase64: "invalid base64 in <signatureInfo>"
        case .invalidNumber(let name): "<\(name)> is not a non-negative 64-bit decimal number"
        case .invalidDate(let name): "<\(name)> is not a date like 2011/03/19 02:29:34 GMT +0200"
        case .mismatchedClosingTag(let name): "closing tag does not match <\(name)>"
        case .trailingData: "data after the body element"
        case .emptyInput: "empty input"
        case .emptyField(let name): "<\(name)> is empty"
        }
    }
}
