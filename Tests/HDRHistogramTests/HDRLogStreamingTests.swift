import HDRHistogram
import Testing

@Suite("HDR log writer, line by line")
struct HDRLogStreamingTests {
    static func histogram(_ base: UInt64) -> HDRHistogram {
        var histogram = HDRHistogram()
        for index in 1...200 { histogram.record(base * UInt64(index)) }
        return histogram
    }

    @Test(
        "Header then one line per interval is the text the whole-log writer builds",
        arguments: [[], ["[one]", "[two\nlines]"]]
    )
    func streamedEqualsWhole(comments: [String]) throws {
        var whole = HDRLogWriter(startTimeMillis: 1_700_000_123_456, comments: comments)
        let streaming = HDRLogWriter(startTimeMillis: 1_700_000_123_456, comments: comments)
        var streamed = HDRLogWriter.header(startTimeMillis: 1_700_000_123_456, comments: comments)
        #expect(streaming.text == streamed)
        for (second, tag) in [(0, "a"), (0, "b"), (1, "a"), (2, nil)] as [(Int, String?)] {
            let histogram = Self.histogram(UInt64(1_000 + second))
            try whole.append(histogram, startSeconds: Double(second), lengthSeconds: 1, tag: tag)
            streamed += try streaming.line(histogram, startSeconds: Double(second), lengthSeconds: 1, tag: tag)
        }
        #expect(streamed == whole.text)
        let log = try HDRLog(parsing: streamed + HDRLogWriter.commentLine("[the end]"))
        #expect(log.entries.count == 4)
    }

    @Test("A comment line is one line whatever it holds")
    func commentLine() {
        #expect(HDRLogWriter.commentLine("[a\nb\rc]") == "#[abc]\n")
    }

    @Test("An invalid tag is refused line by line too")
    func invalidTag() {
        let writer = HDRLogWriter(startTimeMillis: 0)
        #expect(throws: HDRCodecError.self) {
            try writer.line(HDRHistogram(), startSeconds: 0, lengthSeconds: 1, tag: "a b")
        }
    }
}
