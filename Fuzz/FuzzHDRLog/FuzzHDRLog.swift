// libFuzzer target: HdrHistogram interval logs (`HDRLog(parsing:)`, what `merge` reads) and the V2
// histogram payloads inside them.
//
// Any bytes: as log text, parsing either throws an `HDRLogError` with a line number within the text
// or gives intervals; as a raw payload, the compressed and uncompressed V2 decoders throw or give a
// histogram that re-encodes to a payload decoding to the same histogram.
import CLibFuzzer
import HDRHistogram

/// SwiftPM's name for this executable's entry point: hands over to libFuzzer's driver.
@_cdecl("FuzzHDRLog_main")
public func fuzzHDRLogMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzHDRLog(UnsafeRawPointer(data ?? UnsafePointer(bitPattern: 1)!), size)
    }
}

/// One input: see the file comment for what must hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHDRLog(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let log = try HDRLog(parsing: text)
        for entry in log.entries {
            roundTrip(entry.histogram)
        }
    } catch {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        precondition((1...lines).contains(error.line), "line \(error.line) outside the \(lines) lines")
    }
    if let histogram = try? HDRHistogram(decodingCompressedV2: bytes) { roundTrip(histogram) }
    if let histogram = try? HDRHistogram(decodingV2: bytes) { roundTrip(histogram) }
    return 0
}

/// Encodes `histogram` (compressed V2) and checks the payload decodes to an equal histogram.
private func roundTrip(_ histogram: HDRHistogram) {
    do {
        let again = try HDRHistogram(decodingCompressedV2: try histogram.encodedCompressedV2())
        precondition(again.totalCount == histogram.totalCount, "total count changed in the round trip")
        precondition(again.encodedV2() == histogram.encodedV2(), "counts changed in the round trip")
    } catch {
        preconditionFailure("a decoded histogram does not re-encode: \(error)")
    }
}
