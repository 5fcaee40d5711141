/// Why a body cannot be issued as a token: the parser would reject the result.
public enum TokenIssueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named field takes `bytes` bytes once escaped, more than `TokenParser.maxFieldBytes`.
    case fieldTooLarge(field: String, bytes: Int)
    /// The named field is empty; only `proxyMvpdId` may be.
    case emptyField(field: String)
    /// The whole token would take `bytes` bytes, more than `TokenParser.maxTokenBytes`.
    case tokenTooLarge(bytes: Int)

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
        }
    }
}

extension TokenSerializer {
    /// The text fields of `body` with their element names, in wire order, and whether each may be
    /// empty (dates and numbers, which have fixed bounds, are not included).
    static func textFields(_ body: TokenBody) -> [(name: StaticString, text: String, mayBeEmpty: Bool)] {
        let kind = body.kind
        switch body {
        case .authn(let b):
            return [(TokenSchema.name(kind, 0), b.guid, false), (TokenSchema.name(kind, 1), b.requestorID, false),
                (TokenSchema.name(kind, 2), b.domainName, false), (TokenSchema.name(kind, 4), b.msoID, false),
                (TokenSchema.fingerprintElement, b.fingerprint, false)]
        case .authz(let b):
            return [(TokenSchema.name(kind, 0), b.requestorID, false), (TokenSchema.name(kind, 1), b.resourceID, false),
                (TokenSchema.name(kind, 3), b.msoID, false), (TokenSchema.fingerprintElement, b.fingerprint, false)]
        case .media(let b):
            return [(TokenSchema.name(kind, 0), b.sessionGUID, false), (TokenSchema.name(kind, 1), b.requestorID, false),
                (TokenSchema.name(kind, 2), b.resourceID, false), (TokenSchema.name(kind, 5), b.mvpdID, false),
                (TokenSchema.name(kind, 6), b.proxyMvpdID, true)]
        }
    }

    /// Throws unless every text field of `body` is as the parser requires: not empty (but
    /// `proxyMvpdId`), and within the field limit once escaped. An issued token then parses back.
    public static func checkFields(_ body: TokenBody) throws(TokenIssueError) {
        for field in textFields(body) {
            if field.text.isEmpty && !field.mayBeEmpty { throw .emptyField(field: field.name.description) }
            let bytes = TokenWriter.escapedCount(field.text)
            if bytes > TokenParser.maxFieldBytes {
                throw .fieldTooLarge(field: field.name.description, bytes: bytes)
            }
        }
    }
}
