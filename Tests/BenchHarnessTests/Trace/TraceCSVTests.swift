import BenchHarness
import Foundation
import TestSupport
import Testing

/// The trace file format: round trip, and one-line errors with the file and line.
@Suite("Trace CSV")
struct TraceCSVTests {
    static let sample = [
        TraceRecord(timeMillis: 0, op: .get, device: "d1", requestor: "req-0", resource: "res-3"),
        TraceRecord(timeMillis: 0, op: .check, device: "d2", requestor: "req-1", resource: "res-3"),
        TraceRecord(timeMillis: 5, op: .verify, device: "d1", requestor: "req-0", resource: "res-3"),
        TraceRecord(timeMillis: 9, op: .logout, device: "d1", requestor: "req-0", resource: ""),
    ]

    @Test func roundTrip() throws {
        let text = TraceCSV.encode(Self.sample)
        #expect(text.hasPrefix("time_ms,op,device,requestor,resource\n0,get,d1,req-0,res-3\n"))
        #expect(text.hasSuffix("9,logout,d1,req-0,\n"))
        #expect(try TraceCSV.decode(Array(text.utf8), source: "t.csv") == Self.sample)
        // CRLF line ends and a missing final newline are accepted.
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n").dropLast()  // "\r\n" is one Character
        #expect(try TraceCSV.decode(Array(crlf.utf8), source: "t.csv") == Self.sample)
        #expect(try TraceCSV.decode(Array((TraceCSV.header + "\n").utf8), source: "t.csv").isEmpty)
    }

    @Test func recordedTracesFormatLikeTheEncoderAndMergeByTime() throws {
        let workers: [[TraceEntry]] = [
            [
                TraceEntry(timeNanos: 1_000_000, device: 4, resource: 2, requestor: 1, op: 0, worker: 0),
                TraceEntry(timeNanos: 9_500_000, device: 4, resource: -1, requestor: 1, op: 3, worker: 0),
            ],
            [
                TraceEntry(timeNanos: 500, device: 7, resource: 0, requestor: 0, op: 1, worker: 1),
                TraceEntry(timeNanos: 1_000_000, device: 7, resource: 1, requestor: 0, op: 2, worker: 1),
            ],
        ]
        let trace = RecordedTrace(
            workers: workers,
            requestorIDs: ["req-0", "req-1"],
            resourceIDs: ["res-0", "res-1", "res-2"]
        )
        #expect(trace.entries.map(\.timeNanos) == [500, 1_000_000, 1_000_000, 9_500_000])
        #expect(trace.entries.map(\.worker) == [1, 0, 1, 0])
        let bytes = trace.csvBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == TraceCSV.encode(trace.records))
        #expect(try TraceCSV.decode(bytes, source: "t.csv") == trace.records)
        #expect(
            trace.records.last
                == TraceRecord(timeMillis: 9, op: .logout, device: "d4", requestor: "req-1", resource: "")
        )
    }

    /// Malformed files and the line their error must name.
    static let malformed: [(name: String, text: String, line: Int)] = [
        ("bad header", "time,op,device,requestor,resource\n0,get,d,r,x\n", 1),
        ("wrong field count", "time_ms,op,device,requestor,resource\n0,get,d,r,x\n1,get,d,r\n", 3),
        ("unknown op", "time_ms,op,device,requestor,resource\n0,get,d,r,x\n1,put,d,r,x\n", 3),
        ("non-integer time", "time_ms,op,device,requestor,resource\n1.5,get,d,r,x\n", 2),
        ("negative time", "time_ms,op,device,requestor,resource\n-1,get,d,r,x\n", 2),
        ("decreasing time", "time_ms,op,device,requestor,resource\n5,get,d,r,x\n7,get,d,r,x\n6,get,d,r,x\n", 4),
        ("empty resource on get", "time_ms,op,device,requestor,resource\n0,get,d,r,\n", 2),
        ("quoted field", "time_ms,op,device,requestor,resource\n0,get,\"d\",r,x\n", 2),
        ("blank line", "time_ms,op,device,requestor,resource\n0,get,d,r,x\n\n1,get,d,r,x\n", 3),
    ]

    @Test(arguments: malformed.indices)
    func malformedLinesNameFileAndLine(index: Int) {
        let (name, text, line) = Self.malformed[index]
        #expect(throws: BenchError.self, "\(name)") { try TraceCSV.decode(Array(text.utf8), source: "bad.csv") }
        do {
            _ = try TraceCSV.decode(Array(text.utf8), source: "bad.csv")
        } catch {
            #expect(error.reason == .badInput)
            #expect(error.message.hasPrefix("bad.csv:\(line): "), "\(name): \(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test(arguments: malformed.indices)
    func sweepRejectsAMalformedTraceWithExit65AndWritesNoResult(index: Int) throws {
        let (name, text, line) = Self.malformed[index]
        let directory = try CLIHarness.temporaryDirectory()
        try Data(text.utf8).write(to: directory.appendingPathComponent("bad.csv"))
        let output = try CLIHarness.bench(
            ["sweep", "--trace", "bad.csv", "--json", "s.json", "--quiet"],
            in: directory
        )
        #expect(output.status == 65, "\(name): \(output.stderr)")
        // A debug build also prints its warning banner; the error is the line naming the command.
        let lines = output.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench") }
        #expect(lines.count == 1, "\(name): \(output.stderr)")
        #expect(lines.first?.contains("bad.csv:\(line): ") == true, "\(name): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.json").path))
    }

    @Test(arguments: ["empty", "garbage", "missing", "header only"])
    func unusableFilesExit65NamingTheFile(kind: String) throws {
        let directory = try CLIHarness.temporaryDirectory()
        let file = directory.appendingPathComponent("t.csv")
        switch kind {
        case "empty": try Data().write(to: file)
        case "garbage": try Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }).write(to: file)
        case "header only": try Data((TraceCSV.header + "\n").utf8).write(to: file)
        default: break
        }
        let output = try CLIHarness.bench(["sweep", "--trace", "t.csv", "--json", "s.json", "--quiet"], in: directory)
        // A missing file is no input (66); the others are malformed input (65).
        #expect(output.status == (kind == "missing" ? 66 : 65), "\(kind): \(output.stderr)")
        let lines = output.stderr.split(separator: "\n").filter { $0.hasPrefix("authz-bench") }
        #expect(lines.count == 1 && lines[0].contains("t.csv"), "\(kind): \(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.json").path))
    }
}
