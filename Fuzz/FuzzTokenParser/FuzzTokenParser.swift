import AuthZCore
// libFuzzer target: the token codec (the wire format of AuthZCore's WireFormat article).
//
// Any bytes: `TokenParser.parse` either throws a `TokenFormatError` whose offset lies within the
// input, or returns a token whose body range lies within the input. A token that parses is written
// back in canonical form (`TokenSerializer`), which must parse to the same signature and body and
// be a fixed point of serialize∘parse.
import CLibFuzzer

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzTokenParser_main")
public func fuzzTokenParserMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTokenParser(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    let parsed: ParsedToken
    do {
        parsed = try TokenParser.parse(input)
    } catch {
        precondition(
            (0...max(count, TokenParser.maxTokenBytes)).contains(error.offset),
            "offset out of range: \(error)"
        )
        return 0
    }
    precondition(
        parsed.bodyRange.lowerBound >= 0 && parsed.bodyRange.upperBound <= count,
        "body range outside the input"
    )
    precondition(!parsed.signature.isEmpty, "a parsed token has an empty signature")

    let canonical = TokenSerializer.token(signature: parsed.signature, body: parsed.body)
    let again: ParsedToken
    do {
        again = try TokenParser.parse(canonical)
    } catch {
        // The only accepted failure: escaping `>`, `"` and `'` (legal raw in text) can push a field
        // or the token over its size limit; the issuer's checks must then refuse the body (so a
        // token it issues always parses back). Anything else is a codec bug.
        let refused =
            (try? TokenSerializer.checkFields(parsed.body)) == nil || canonical.count > TokenParser.maxTokenBytes
        switch error.reason {
        case .fieldTooLarge, .tokenTooLarge:
            precondition(refused, "the issuer's checks accept a body whose token does not parse: \(error)")
            return 0
        default: preconditionFailure("the canonical form of a parsed token does not parse: \(error)")
        }
    }
    // And the other way round: a body whose canonical token parses passes the issuer's checks.
    precondition(
        (try? TokenSerializer.checkFields(parsed.body)) != nil,
        "the issuer's checks refuse a body that parses"
    )
    precondition(again.signature == parsed.signature, "signature changed in the round trip")
    precondition(again.body == parsed.body, "body changed in the round trip: \(parsed.body) -> \(again.body)")
    let twice = TokenSerializer.token(signature: again.signature, body: again.body)
    precondition(twice == canonical, "the canonical form is not a fixed point")
    return 0
}
