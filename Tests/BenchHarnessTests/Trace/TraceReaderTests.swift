import BenchHarness
import Foundation
import TestSupport
import Testing

/// `sweep --trace` reads its trace as a stream, within stated bounds: a small compressed file
/// cannot cost more than the bounds say, and a trace in the wrong format is refused.
@Suite("Trace reader: streamed, bounded")
struct TraceReaderTests {
    /// Writes `text` to `name` in a fresh directory, gzip'd when `gzip`; returns its path.
    static func file(_ name: String, _ text: String, gzip: Bool = false, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        if gzip { try CLIHarness.shell("gzip -n -f \(name) && mv \(name).gz \(name)", in: directory) }
        return path
    }

    @Test(arguments: [false, true])
    func aTraceReadsTheSameStreamedPlainOrCompressed(gzip: Bool) throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = (0..<5_000).map { "\($0),get,d\($0 % 97),r1,res-\($0 % 13)" }
        let text = TraceCSV.header + "\n" + records.joined(separator: "\n") + "\n"
        let path = try Self.file("t.csv", text, gzip: gzip, in: directory)
        let (sequence, count) = try TraceReader.read(path, format: .csv)
        #expect(count == 5_000)
        let whole = AccessSequence.replaying(try TraceCSV.decode(Array(text.utf8), source: "t.csv"))
        #expect(sequence.keys == whole.keys && sequence.times == whole.times)
        #expect(sequence.keyParts == whole.keyParts)
    }

    @Test func aTraceBeyondItsRecordBoundIsRefusedNamingTheLine() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A compressed trace of many repeated keys: a few KB that inflate to much more.
        let path = try Self.file("k.txt", String(repeating: "k\n", count: 200_000), gzip: true, in: directory)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 < 10_000)
        #expect(try TraceReader.read(path, format: .keys).records == 200_000)
        do {
            _ = try TraceReader.read(path, format: .keys, bounds: (records: 1_000, textBytes: 1 << 30))
            Issue.record("a trace beyond its record bound was read")
        } catch {
            #expect(error.reason == .badInput)
            #expect(error.message.hasPrefix("\(path):1001: more than 1000 records"), "\(error.message)")
        }
        do {
            _ = try TraceReader.read(path, format: .keys, bounds: (records: 1 << 30, textBytes: 100_000))
            Issue.record("a trace beyond its text bound was read")
        } catch {
            #expect(error.message.contains("more than 100000 bytes of text"), "\(error.message)")
        }
    }

    @Test func aLongLineAndABrokenStreamAreRefused() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let long = try Self.file(
            "long.txt",
            "a\n" + String(repeating: "x", count: TraceReader.maxLineBytes + 1) + "\n",
            in: directory
        )
        #expect(throws: BenchError.self) { try TraceReader.read(long, format: .keys) }
        let gz = try Self.file("t.gz", "1\n2\n3\n", gzip: true, in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gz))
        try bytes.prefix(bytes.count - 8).write(to: URL(fileURLWithPath: gz))
        do {
            _ = try TraceReader.read(gz, format: .keys)
            Issue.record("a truncated gzip stream was read")
        } catch {
            #expect(error.message.contains("truncated"), "\(error.message)")
        }
    }

    @Test func aCSVTraceGivenAsKeysIsRefusedAtItsHeader() throws {
        let text = TraceCSV.header + "\n0,get,d1,r1,res-1\n"
        do {
            _ = try TraceKeys.decode(Array(text.utf8), source: "t.csv")
            Issue.record("a CSV header was read as a key")
        } catch {
            #expect(error.message.hasPrefix("t.csv:1: the header of a CSV trace"), "\(error.message)")
        }
        // A key that merely contains commas is a key.
        #expect(try TraceKeys.decode(Array("a,b\n".utf8), source: "t.txt").count == 1)
    }
}
