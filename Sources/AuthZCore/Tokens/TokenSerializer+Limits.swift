/// Why a body cannot be issued as a token: the parser would reject the result.
public enum TokenIssueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named field takes `bytes` bytes once escaped, more than `TokenParser.maxFieldBytes`.
    case fieldTooLarge(field: String, bytes: Int)
    /// The named field is empty; only `proxyMvpdId` may be.
    case emptyField(field: String)
    /// The whole token would take `bytes` bytes, more than `TokenParser.maxTokenBytes`.
    case tokenTooLarge(bytes: Int)
    /// The named field holds a control character the parser refuses (any below U+0020 but tab,
    /// line feed and carriage return), at the given UTF-8 offset.
    case controlCharacter(field: String, offset: Int)

    /// One line: what is too large, by how much, and the limit.
    public var description: String {
        switch self {
        case .fieldTooLarge(let field, let bytes):
            "<\(field)> would take \(bytes) bytes once escaped; the token format allows at most "
                + "\(TokenParser.maxFieldBytes) per field"
        case .emptyField(let field):
            "<\(field)> is empty; the token format requires text in it"
        case .tokenTooLarge(let bytes):
            "the token would take \(bytes) bytes; the token format allows at most \(TokenParser.maxTokenBytes)"
        case .controlCharacter(let field, let offset):
            "<\(field)> holds a control character at byte \(offset); the token format allows none but tab, "
                + "line feed and carriage return"
        }
    }
}

extension TokenSerializer {
    /// Calls `visit` with each text field of `body` in wire order: its element name, its text, and
    /// whether it may be empty (dates and numbers, which have fixed bounds, are not text fields).
    /// The one list of a body's text fields: ``bodyByteBound(_:)`` and ``checkFields(_:)`` use it.
    package static func forEachTextField<E: Error>(
        _ body: TokenBody,
        _ visit: (_ name: StaticString, _ text: String, _ mayBeEmpty: Bool) throws(E) -> Void
    ) throws(E) {
        let kind = body.kind
        switch body {
        case .authn(let b):
            try visit(TokenSchema.name(kind, 0), b.guid, false)
            try visit(TokenSchema.name(kind, 1), b.requestorID, false)
            try visit(TokenSchema.name(kind, 2), b.domainName, false)
            try visit(TokenSchema.name(kind, 4), b.msoID, false)
            try visit(TokenSchema.fingerprintElement, b.fingerprint, false)
        case .authz(let b):
            try visit(TokenSchema.name(kind, 0), b.requestorID, false)
            try visit(TokenSchema.name(kind, 1), b.resourceID, false)
            try visit(TokenSchema.name(kind, 3), b.msoID, false)
            try visit(TokenSchema.fingerprintElement, b.fingerprint, false)
        case .media(let b):
            try visit(TokenSchema.name(kind, 0), b.sessionGUID, false)
            try visit(TokenSchema.name(kind, 1), b.requestorID, false)
            try visit(TokenSchema.name(kind, 2), b.resourceID, false)
            try visit(TokenSchema.name(kind, 5), b.mvpdID, false)
            try visit(TokenSchema.name(kind, 6), b.proxyMvpdID, true)
        }
    }

    /// Throws unless every text field of `body` is as the parser requires: not empty (but
    /// `proxyMvpdId`), within the field limit once escaped, and without a control character the
    /// parser refuses (escaping cannot carry one: XML has no entity for it). An issued token then
    /// parses back.
    public static func checkFields(_ body: TokenBody) throws(TokenIssueError) {
        try forEachTextField(body) { (name, text, mayBeEmpty) throws(TokenIssueError) in
            if text.isEmpty && !mayBeEmpty { throw .emptyField(field: name.description) }
            // One pass for the length and the control characters: every issued token pays it.
            let (bytes, control) = TokenWriter.escapedCountAndControl(text)
            if bytes > TokenParser.maxFieldBytes { throw .fieldTooLarge(field: name.description, bytes: bytes) }
            if control, let offset = text.utf8.firstIndex(where: TokenSchema.isRefusedControl) {
                throw .controlCharacter(
                    field: name.description,
                    offset: text.utf8.distance(from: text.utf8.startIndex, to: offset)
                )
            }
        }
    }
}
