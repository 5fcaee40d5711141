import BenchHarness
import Foundation
import TestSupport
import Testing

/// The key-per-line trace format (LIRS/ARC traces, libCacheSim's txt), plain or gzip'd.
@Suite("Trace keys format and gzip input")
struct TraceKeysTests {
    @Test func oneGetPerKeySkippingBlankAndStarLinesAndCarriageReturns() throws {
        let text = "17\r\n4\n*\n\n17\nblock-9\n"
        let records = try TraceKeys.decode(Array(text.utf8), source: "t.txt")
        #expect(records.map(\.device) == ["17", "4", "17", "block-9"])
        #expect(records.map(\.timeMillis) == [0, 1, 2, 3])
        #expect(records.allSatisfy { $0.op == .get && $0.requestor == TraceKeys.requestor })
        // The sweep sees the reference string: the same key is the same cache key.
        let sequence = AccessSequence.replaying(records)
        #expect(sequence.keys == [0, 1, 0, 2])
        // No final newline is fine.
        #expect(try TraceKeys.decode(Array("1\n2".utf8), source: "t.txt").count == 2)
    }

    @Test(arguments: [
        ("1\n2\n3 4\n", "t.txt:3: expected one key per line"),
        ("1\n\t\n", "t.txt:2: expected one key per line"),
        ("1\n2\n\u{01}\n", "t.txt:3: expected one key per line"),
        ("*\n\n", "t.txt: no key; expected one key per line"),
        ("", "t.txt: no key"),
    ])
    func theFirstBadLineIsNamed(text: String, message: String) {
        #expect {
            try TraceKeys.decode(Array(text.utf8), source: "t.txt")
        } throws: { error in
            (error as? BenchError)?.reason == .badInput && "\(error)".contains(message)
        }
    }

    @Test func invalidUTF8IsABadLine() {
        #expect(throws: BenchError.self) { try TraceKeys.decode([0x31, 0x0A, 0xFF, 0xFE, 0x0A], source: "t.txt") }
    }

    @Test func gzipInflatesEveryMemberAndRejectsTruncation() throws {
        let directory = try CLIHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try CLIHarness.shell("printf '1\\n2\\n' | gzip -c > a.gz && printf '3\\n' | gzip -c >> a.gz", in: directory)
        let bytes = Array(try Data(contentsOf: directory.appendingPathComponent("a.gz")))
        #expect(Gzip.isCompressed(bytes))
        #expect(!Gzip.isCompressed(Array("1\n".utf8)))
        let inflated = try Gzip.inflate(bytes, source: "a.gz", limit: 1 << 20)
        #expect(String(decoding: inflated, as: UTF8.self) == "1\n2\n3\n")
        #expect(throws: BenchError.self) {
            try Gzip.inflate(Array(bytes.prefix(bytes.count - 30)), source: "a.gz", limit: 1 << 20)
        }
        #expect(throws: BenchError.self) { try Gzip.inflate(bytes, source: "a.gz", limit: 3) }
        var corrupt = bytes
        corrupt[12] ^= 0xFF
        #expect(throws: BenchError.self) { try Gzip.inflate(corrupt, source: "a.gz", limit: 1 << 20) }
    }
}
