/// A token split into its signature and decoded body, with the exact bytes the signature covers.
public struct ParsedToken: Sendable, Hashable {
    /// The signature bytes (base64-decoded `signatureInfo`).
    public var signature: [UInt8]
    /// The decoded body.
    public var body: TokenBody
    /// The byte range of the body element in the input, from the `<` of its opening tag through
    /// the `>` of its closing tag: the exact signature input.
    public var bodyRange: Range<Int>

    /// Creates a parsed token from its parts.
    public init(signature: [UInt8], body: TokenBody, bodyRange: Range<Int>) {
        self.signature = signature
        self.body = body
        self.bodyRange = bodyRange
    }

    /// The kind of the body.
    public var kind: TokenKind { body.kind }
}
