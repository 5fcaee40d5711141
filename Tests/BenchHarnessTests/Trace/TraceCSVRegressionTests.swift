import BenchHarness
import Testing

/// Inputs the FuzzTraceCSV target found, kept as regression tests.
@Suite("Trace CSV regressions")
struct TraceCSVRegressionTests {
    static let prefix =
        "time_ms,op,device,requestor,resource\n0,get,d4711,req-3,res-17\n2,check,d52,req-0,res-1\n"
        + "2,verify,d4711,req-3,res-17\n"

    /// The fuzzer's input: a logout line whose empty resource is followed by 122 `\r` then `\n`.
    /// The reader took 121 of them as the resource (it strips one `\r` before `\n`), and writing the
    /// record back then read as a different record. A control character is not an identifier.
    @Test func carriageReturnsInsideALineAreRejectedWithTheLine() {
        let bytes = Array((Self.prefix + "9,logout,d52,req-0," + String(repeating: "\r", count: 122) + "\n").utf8)
        #expect(throws: BenchError.self) { try TraceCSV.decode(bytes, source: "crash.csv") }
        do {
            _ = try TraceCSV.decode(bytes, source: "crash.csv")
        } catch {
            #expect(error.reason == .badInput)
            #expect(error.message.hasPrefix("crash.csv:5: resource: "))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test(arguments: ["d\u{1}x", "tab\there", "del\u{7F}", "a\rb"])
    func controlCharactersInAnIdentifierAreRejected(device: String) {
        let bytes = Array(("time_ms,op,device,requestor,resource\n0,get," + device + ",r,x\n").utf8)
        #expect(throws: BenchError.self) { try TraceCSV.decode(bytes, source: "t.csv") }
    }

    @Test func oneCarriageReturnBeforeTheNewlineIsStillALineEnd() throws {
        let bytes = Array((Self.prefix + "9,logout,d52,req-0,\r\n").utf8)
        let records = try TraceCSV.decode(bytes, source: "t.csv")
        #expect(
            records.last == TraceRecord(timeMillis: 9, op: .logout, device: "d52", requestor: "req-0", resource: "")
        )
        #expect(try TraceCSV.decode(Array(TraceCSV.encode(records).utf8), source: "again.csv") == records)
    }
}
