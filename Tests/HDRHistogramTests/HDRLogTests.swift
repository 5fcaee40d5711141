import Foundation
import HDRHistogram
import Testing

@Suite("HDR interval log")
struct HDRLogTests {
    @Test func writesJavaHeaderAndReadsBack() throws {
        var first = HDRHistogram()
        for sample in SampleDistribution.bimodal.samples(count: 1_000, seed: 3) { first.record(sample) }
        var second = HDRHistogram()
        second.record(2_500_000)
        var writer = HDRLogWriter(startTimeMillis: 1_700_000_000_000, comments: ["authz-bench responseTime"])
        try writer.append(first, startSeconds: 0, lengthSeconds: 1, tag: "responseTime")
        try writer.append(second, startSeconds: 1.0005, lengthSeconds: 0.9995)
        let lines = writer.text.split(separator: "\n")
        #expect(lines[0] == "#authz-bench responseTime")
        #expect(lines[1] == "#[Histogram log format version 1.3]")
        #expect(lines[2] == "#[StartTime: 1700000000.000 (seconds since epoch), Tue Nov 14 22:13:20 UTC 2023]")
        #expect(lines[3] == "#[BaseTime: 1700000000.000 (seconds since epoch)]")
        #expect(lines[4] == "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"")
        #expect(lines[5].hasPrefix("Tag=responseTime,0.000,1.000,"))
        // Java's %.3f rounds the shortest decimal half up: 1.0005 -> 1.001; max 2_500_607 ns in ms.
        #expect(lines[6].hasPrefix("1.001,1.000,2.501,HISTF"))
        let log = try HDRLog(parsing: writer.text)
        #expect(log.formatVersion == "1.3")
        #expect(log.startTimeSeconds == 1_700_000_000)
        #expect(log.baseTimeSeconds == 1_700_000_000)
        #expect(log.entries.count == 2)
        #expect(log.entries[0].tag == "responseTime" && log.entries[0].histogram == first)
        #expect(log.entries[1].tag == nil && log.entries[1].histogram == second)
        #expect(log.entries[1].startSeconds == 1.001 && log.entries[1].lengthSeconds == 1.0)
        #expect(log.entries[1].maxValue == 2.501)
    }

    @Test func rejectsBadTags() {
        var writer = HDRLogWriter(startTimeMillis: 0)
        #expect(throws: HDRCodecError.self) {
            try writer.append(HDRHistogram(), startSeconds: 0, lengthSeconds: 1, tag: "a,b")
        }
        #expect(throws: HDRCodecError.self) {
            try writer.append(HDRHistogram(), startSeconds: 0, lengthSeconds: 1, tag: "a b")
        }
    }

    @Test(arguments: [
        ("0.000,1.000,HISTFAAAAA", 4), ("abc,1.000,0.5,HISTF", 4), ("0.000,1.000,0.5,HISTFnotbase64", 4),
        ("Tag=,0.0,1.0,0.5,HISTF", 4), ("#[StartTime: soon (seconds since epoch)]", 4),
    ])
    func reportsTheLineNumberOfAMalformedLine(badLine: String, line: Int) throws {
        var histogram = HDRHistogram()
        histogram.record(1000)
        var writer = HDRLogWriter(startTimeMillis: 1_700_000_000_000)
        try writer.append(histogram, startSeconds: 0, lengthSeconds: 1)
        let good = writer.text.split(separator: "\n").map(String.init)
        // Header lines 1-3, then the bad line as line 4, then the valid interval.
        let text = ([good[0], good[1], good[3], badLine, good[4]]).joined(separator: "\n")
        do {
            _ = try HDRLog(parsing: text)
            Issue.record("parsed a malformed log")
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }

    @Test func javaDateStrings() {
        #expect(HDRLogWriter.javaDateString(millis: 0) == "Thu Jan 01 00:00:00 UTC 1970")
        #expect(HDRLogWriter.javaDateString(millis: 951_782_400_000) == "Tue Feb 29 00:00:00 UTC 2000")
        #expect(HDRLogWriter.javaDateString(millis: -1) == "Wed Dec 31 23:59:59 UTC 1969")
    }
}
