import AuthZCore
// libFuzzer target: the token date layout `yyyy/MM/dd HH:mm:ss GMT +hhmm` (`TokenDate`).
//
// Any bytes: `TokenDate.parse` returns nil or a date; a date is a whole number of seconds, its offset
// is in range, and formatting it gives back the input (up to `-0000` written as `+0000`), which
// parses to an equal date.
import CLibFuzzer

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzTokenDate_main")
public func fuzzTokenDateMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTokenDate(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenDate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    guard let date = TokenDate.parse(input) else { return 0 }
    precondition(date.epochMillis % 1_000 == 0, "not whole seconds: \(date.epochMillis)")
    precondition(abs(date.utcOffsetMinutes) <= TokenDate.maxOffsetMinutes, "offset out of range")
    let text = date.formatted
    var expected = Array(input)
    if expected[24] == UInt8(ascii: "-"), expected[25...28].allSatisfy({ $0 == UInt8(ascii: "0") }) {
        expected[24] = UInt8(ascii: "+")
    }
    precondition(Array(text.utf8) == expected, "formatted \(text) differs from the input")
    guard let again = TokenDate(text) else { preconditionFailure("formatted date \(text) does not parse") }
    precondition(again == date, "round trip changed the date: \(date) -> \(again)")
    return 0
}
