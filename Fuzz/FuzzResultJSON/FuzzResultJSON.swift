import BenchHarness
import BenchResults
// libFuzzer target: reading result JSON (`ResultDocument.parse`, what `compare`, `report` and
// `merge` read).
//
// Any bytes: parsing either throws a `BenchError` with reason `badInput` with a one-line message naming the
// file, or gives a document whose every histogram decodes.
import CLibFuzzer
import Foundation

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzResultJSON_main")
public func fuzzResultJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzResultJSON(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let document = try ResultDocument.parse(data, file: "fuzz.json")
        try document.check(file: "fuzz.json")
    } catch {
        precondition(error.reason == .badInput, "not a bad-input error: \(error)")
        precondition(error.message.hasPrefix("fuzz.json: "), "message does not name the file: \(error.message)")
    }
    return 0
}
