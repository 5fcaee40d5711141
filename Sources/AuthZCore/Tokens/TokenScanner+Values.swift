extension TokenScanner {
    /// Decodes the signature text, which must be non-empty strict base64.
    func decodeSignature(_ text: Range<Int>) throws(TokenFormatError) -> [UInt8] {
        guard !text.isEmpty else {
            throw error(
                .emptyField(TokenSchema.signatureElement.description),
                at: text.lowerBound
            )
        }
        do {
            return try Base64.decodeStrict(
                UnsafeRawBufferPointer(start: base + text.lowerBound, count: text.count)
            )
        } catch {
            throw self.error(.invalidBase64, at: text.lowerBound + error.index)
        }
    }

    /// Builds the body of `kind` from the recorded slot texts.
    func makeBody(_ kind: TokenKind, _ spans: FieldSpans) throws(TokenFormatError) -> TokenBody {
        switch kind {
        case .authn:
            return .authn(
                AuthNTokenBody(
                    guid: try text(kind, 0, spans),
                    requestorID: try text(kind, 1, spans),
                    domainName: try text(kind, 2, spans),
                    expires: try date(kind, 3, spans),
                    msoID: try text(kind, 4, spans),
                    fingerprint: try text(kind, 6, spans)
                )
            )
        case .authz:
            return .authz(
                AuthZTokenBody(
                    requestorID: try text(kind, 0, spans),
                    resourceID: try text(kind, 1, spans),
                    expires: try date(kind, 2, spans),
                    msoID: try text(kind, 3, spans),
                    fingerprint: try text(kind, 5, spans)
                )
            )
        case .media:
            return .media(
                MediaTokenBody(
                    sessionGUID: try text(kind, 0, spans),
                    requestorID: try text(kind, 1, spans),
                    resourceID: try text(kind, 2, spans),
                    ttlMillis: try number(kind, 3, spans),
                    issueTimeMillis: try number(kind, 4, spans),
                    mvpdID: try text(kind, 5, spans),
                    proxyMvpdID: try text(kind, 6, spans, mayBeEmpty: true)
                )
            )
        }
    }

    /// The decoded text of `slot`; empty text is rejected unless `mayBeEmpty`.
    @inline(__always)
    func text(
        _ kind: TokenKind,
        _ slot: Int,
        _ spans: FieldSpans,
        mayBeEmpty: Bool = false
    )
        throws(TokenFormatError) -> String
    {
        let range = spans[slot]
        guard mayBeEmpty || !range.isEmpty else {
            throw error(.emptyField(TokenSchema.name(kind, slot).description), at: range.lowerBound)
        }
        return string(range, hasEntities: spans.entities & (1 << slot) != 0)
    }

    /// The `TokenDate` in `slot`.
    @inline(__always)
    func date(
        _ kind: TokenKind,
        _ slot: Int,
        _ spans: FieldSpans
    ) throws(TokenFormatError)
        -> TokenDate
    {
        let range = spans[slot]
        guard let date = TokenDate.parse(base + range.lowerBound, count: range.count) else {
            throw error(.invalidDate(TokenSchema.name(kind, slot).description), at: range.lowerBound)
        }
        return date
    }

    /// The non-negative decimal number in `slot`.
    @inline(__always)
    func number(
        _ kind: TokenKind,
        _ slot: Int,
        _ spans: FieldSpans
    ) throws(TokenFormatError)
        -> Int64
    {
        let range = spans[slot]
        var value: Int64 = 0
        var valid = !range.isEmpty
        var j = range.lowerBound
        while valid && j < range.upperBound {
            let d = base[j] &- 0x30
            if d > 9 {
                valid = false
            } else {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(d))
                valid = !o1 && !o2
                value = sum
            }
            j += 1
        }
        guard valid else {
            throw error(.invalidNumber(TokenSchema.name(kind, slot).description), at: range.lowerBound)
        }
        return value
    }
}
