import BenchHarness
// libFuzzer target: reading access traces (`TraceCSV.decode`, what `sweep --trace` reads).
//
// Any bytes: decoding either throws a `BenchError` with reason `badInput` with a one-line message naming
// the file, or gives records that `TraceCSV.encode` writes back to text decoding to the same records.
import CLibFuzzer

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzTraceCSV_main")
public func fuzzTraceCSVMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzTraceCSV(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceCSV(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    do {
        let records = try TraceCSV.decode(bytes, source: "fuzz.csv")
        let again = try TraceCSV.decode(Array(TraceCSV.encode(records).utf8), source: "again.csv")
        precondition(again == records, "encode then decode changed the records")
    } catch {
        precondition(error.reason == .badInput, "not a bad-input error: \(error)")
        precondition(error.message.hasPrefix("fuzz.csv"), "message does not name the file: \(error.message)")
        precondition(!error.message.contains("\n"), "a message of more than one line: \(error.message)")
    }
    return 0
}
