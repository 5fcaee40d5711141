import BenchHarness
import BenchResults
// libFuzzer target: reading result JSON (`ResultDocument.parse`, what `compare`, `report` and
// `merge` read), and every file `report` reads (`ReportInputs.add`: run, sweep and capacity
// results), including forged summaries (figures that disagree with their histograms, out of range).
//
// Any bytes: parsing either throws a `BenchError` with reason `badInput` with a one-line message naming the
// file, or gives a document whose every histogram decodes, whose gated figures (what `compare`
// reads) are finite and in range and agree with the histograms, and that the report renders.
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
        checkGatedFigures(document)
    } catch {
        precondition(error.reason == .badInput, "not a bad-input error: \(error)")
        precondition(error.message.hasPrefix("fuzz.json: "), "message does not name the file: \(error.message)")
        precondition(!error.message.contains("\n"), "a message of several lines: \(error.message)")
    }
    var inputs = ReportInputs()
    do {
        try inputs.add(data, file: "fuzz.json", name: "fuzz.json")
        _ = ReportPage.html(inputs)
    } catch {
        precondition(error.reason == .badInput, "not a bad-input error: \(error)")
        precondition(error.message.hasPrefix("fuzz.json: "), "message does not name the file: \(error.message)")
    }
    return 0
}

/// What `compare` gates on, for a document that was accepted: every default and optional metric
/// finite and non-negative, shares within 0...1, and the response time's count the requests.
func checkGatedFigures(_ document: ResultDocument) {
    let summary = document.summary
    precondition(
        UInt64(summary.requests) == document.latency.responseTime.count,
        "requests disagree with the histogram"
    )
    precondition(summary.achievedRate.isFinite && summary.achievedRate >= 0, "rate \(summary.achievedRate)")
    if let share = summary.failureShare { precondition((0...1).contains(share), "failure share \(share)") }
    let names = ["throughput", "failures", "inline.p99", "responseTime.p99.9", "inFlight.p99", "upstream.calls"]
    for metric in names.compactMap(CompareMetric.parse) {
        guard let value = metric.value(in: document) else { continue }
        precondition(value.isFinite && value >= 0, "\(metric.name) = \(value)")
    }
}
