import AuthZCore
// libFuzzer target: strict base64 (`Base64`).
//
// Any bytes as text: `decode` returns nil or bytes whose encoding is exactly the input (strict
// base64 has one accepted encoding per byte string). Any bytes as data: `encode` gives text that
// decodes back to them, with the length 4⌈n/3⌉.
import CLibFuzzer

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzBase64_main")
public func fuzzBase64Main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzBase64(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBase64(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    if let decoded = Base64.decode(input) {
        precondition(decoded.count <= count / 4 * 3, "decoded more bytes than the text can hold")
        precondition(Base64.encodeBytes(decoded) == Array(input), "decode is not the inverse of encode")
    }
    let encoded = Base64.encodeBytes(input)
    precondition(encoded.count == (count + 2) / 3 * 4, "encoded length \(encoded.count) for \(count) bytes")
    precondition(Base64.encode(input) == String(decoding: encoded, as: UTF8.self), "encode and encodeBytes differ")
    guard let back = encoded.withUnsafeBytes({ Base64.decode($0) }) else {
        preconditionFailure("an encoding does not decode")
    }
    precondition(back == Array(input), "encode is not the inverse of decode")
    return 0
}
