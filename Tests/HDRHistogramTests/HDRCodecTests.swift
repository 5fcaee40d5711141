import AuthZSimulation
import Foundation
import HDRHistogram
import Testing

@Suite("HDR V2 encoding")
struct HDRCodecTests {
    static func sampleHistogram(digits: Int, seed: UInt64 = 1) -> HDRHistogram {
        var histogram = HDRHistogram(significantDigits: digits)
        for sample in SampleDistribution.logNormal.samples(count: 5_000, seed: seed) { histogram.record(sample) }
        return histogram
    }

    @Test(arguments: 1...5)
    func roundTripsAllForms(digits: Int) throws {
        let histogram = Self.sampleHistogram(digits: digits)
        #expect(try HDRHistogram(decodingV2: histogram.encodedV2()) == histogram)
        #expect(try HDRHistogram(decodingCompressedV2: histogram.encodedCompressedV2()) == histogram)
        let text = try histogram.encodedBase64()
        #expect(text.hasPrefix("HISTF"))
        #expect(try HDRHistogram(decodingBase64: text) == histogram)
    }

    @Test func roundTripsEdgeHistograms() throws {
        var huge = HDRHistogram()
        huge.record(3_600_000_000_000)
        var lowUnit = HDRHistogram(lowest: 1000, highest: 3_600_000_000_000, significantDigits: 2)
        lowUnit.record(999)
        lowUnit.record(123_456_789, count: 1 << 40)
        var zeros = HDRHistogram()
        zeros.record(0, count: 3)
        for histogram in [HDRHistogram(), huge, lowUnit, zeros] {
            let decoded = try HDRHistogram(decodingBase64: histogram.encodedBase64())
            #expect(decoded.counts == histogram.counts)
            #expect(decoded.totalCount == histogram.totalCount)
            #expect(decoded.layout == histogram.layout)
            #expect(decoded.max == histogram.max)
        }
        #expect(huge.max == 3_601_330_077_695)
    }

    @Test func headerFieldsAreHdrHistogramsV2() {
        var histogram = HDRHistogram()
        histogram.record(1)
        histogram.record(3)  // counts 0,1,0,1: a single zero is written as 0
        histogram.record(20)  // then a run of 16 zeros, written as -16
        let bytes = histogram.encodedV2()
        #expect(Array(bytes[0..<4]) == [0x1c, 0x84, 0x93, 0x13])
        #expect(bytes.bigEndianUInt32(at: 4) == UInt32(bytes.count - 40))
        #expect(bytes.bigEndianUInt32(at: 8) == 0)
        #expect(bytes.bigEndianUInt32(at: 12) == 3)
        #expect(bytes.bigEndianUInt64(at: 16) == 1)
        #expect(bytes.bigEndianUInt64(at: 24) == 3_600_000_000_000)
        #expect(bytes.bigEndianUInt64(at: 32) == (1.0 as Double).bitPattern)
        // ZigZag: 0 -> 0, 1 -> 2, -16 -> 31.
        #expect(Array(bytes[40...]) == [0, 2, 0, 2, 31, 2])
    }

    @Test(arguments: [Int64(0), 1, -1, 63, -64, 64, 1 << 20, -(1 << 40), 1 << 55, Int64.max, Int64.min, Int64.max - 1])
    func varintRoundTrips(value: Int64) {
        var bytes: [UInt8] = []
        HDRVarint.append(value, to: &bytes)
        #expect(bytes.count <= 9)
        var offset = 0
        let decoded = bytes.withUnsafeBufferPointer { HDRVarint.read($0, at: &offset) }
        #expect(decoded == value)
        #expect(offset == bytes.count)
        let truncated = Array(bytes.dropLast())
        var truncatedOffset = 0
        #expect(truncated.withUnsafeBufferPointer { HDRVarint.read($0, at: &truncatedOffset) } == nil)
    }

    @Test func everyTruncationThrows() throws {
        let histogram = Self.sampleHistogram(digits: 3)
        let raw = histogram.encodedV2()
        for length in 0..<raw.count {
            #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingV2: Array(raw[0..<length])) }
        }
        let compressed = try histogram.encodedCompressedV2()
        for length in 0..<compressed.count {
            var prefix = Array(compressed[0..<length])
            #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingCompressedV2: prefix) }
            if length >= 8 {  // a consistent length field, so the zlib stream itself is short
                prefix.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(length - 8).bigEndian, Array.init))
                #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingCompressedV2: prefix) }
            }
        }
    }

    @Test func hostilePayloadsThrow() throws {
        var valid = HDRHistogram()
        valid.record(42)
        let raw = valid.encodedV2()
        func expectKind(_ kind: HDRCodecError.Kind, _ bytes: [UInt8]) {
            do {
                _ = try HDRHistogram(decodingV2: bytes)
                Issue.record("decoded a hostile payload")
            } catch {
                #expect(error.kind == kind, "\(error)")
            }
        }
        var badCookie = raw
        badCookie[0] = 0x1d
        expectKind(.badCookie, badCookie)
        var longLength = raw
        longLength.replaceSubrange(4..<8, with: [0xff, 0xff, 0xff, 0xff])
        expectKind(.badLength, longLength)
        var badDigits = raw
        badDigits[15] = 9
        expectKind(.badLayout, badDigits)
        var badRange = raw
        badRange.replaceSubrange(24..<32, with: [0, 0, 0, 0, 0, 0, 0, 1])
        expectKind(.badLayout, badRange)
        var offset = raw
        offset[11] = 1
        expectKind(.badLayout, offset)
        func withCounts(_ values: [Int64]) -> [UInt8] {
            var bytes = Array(raw[0..<40])
            var counts: [UInt8] = []
            for value in values { HDRVarint.append(value, to: &counts) }
            bytes.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(counts.count).bigEndian, Array.init))
            return bytes + counts
        }
        expectKind(.badLayout, withCounts([-40_000]))  // zero run past the counts array
        expectKind(.badLayout, withCounts([Int64.min]))
        expectKind(.badLayout, withCounts([-33_791, 1, 1]))  // one count past the end
        expectKind(.badLayout, withCounts([Int64.max, Int64.max, 2]))  // total count overflow
        var unfinished = withCounts([])
        unfinished.replaceSubrange(4..<8, with: [0, 0, 0, 1])
        expectKind(.truncated, unfinished + [0x80])
        #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingBase64: "not base64!") }
        #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingBase64: "") }
    }

    @Test func compressedStreamLongerThanItsHeaderThrows() throws {
        var histogram = HDRHistogram()
        histogram.record(42)
        let deflated = try HDRZlib.deflate(histogram.encodedV2() + [1, 2, 3])
        var bytes = Array(try histogram.encodedCompressedV2()[0..<4])
        bytes.appendBigEndian(UInt32(deflated.count))
        bytes += deflated
        #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingCompressedV2: bytes) }
        var corrupt = try histogram.encodedCompressedV2()
        corrupt[10] ^= 0xff
        #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingCompressedV2: corrupt) }
    }

    @Test func randomGarbageNeverCrashes() {
        var rng = SeededGenerator(seed: 99)
        let compressedCookie: [UInt8] = [0x1c, 0x84, 0x93, 0x14]
        for round in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0..<200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if round % 2 == 0, bytes.count >= 8 {  // plausible header, garbage zlib stream
                bytes.replaceSubrange(0..<4, with: compressedCookie)
                bytes.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(bytes.count - 8).bigEndian, Array.init))
            }
            #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingCompressedV2: bytes) }
            #expect(throws: HDRCodecError.self) { try HDRHistogram(decodingBase64: Data(bytes).base64EncodedString()) }
        }
    }

    /// Produced by HdrHistogram's Python port (`scripts/check-hdr-interop.py encode 1 3600000000000 3
    /// 1 2 3 1000 123456:5 3600000000000`), i.e. hdrh recording those values.
    static let pythonPayload = "HISTFAAAAC54nJNpmSzMwMDAxwABzFCaEch0M9ixgMH+A1SAiYnpOD/T/jyu5h5mJgChTweD"

    @Test func decodesPythonPortPayload() throws {
        let decoded = try HDRHistogram(decodingBase64: Self.pythonPayload)
        var expected = HDRHistogram()
        for value: UInt64 in [1, 2, 3, 1000, 3_600_000_000_000] { expected.record(value) }
        expected.record(123_456, count: 5)
        #expect(decoded == expected)
        #expect(decoded.max == 3_601_330_077_695)
        #expect(decoded.value(atPercentile: 50) == 123_519)
        // Same header; the counts differ only in that the Python port writes a lone empty slot as a
        // run of one (-1) where Java (and we) write a zero count (0): both decode the same.
        let compressed = [UInt8](Data(base64Encoded: Self.pythonPayload)!)
        let pythonRaw = try HDRZlib.inflateV2Payload(Array(compressed[8...]))
        let ours = expected.encodedV2()
        #expect(Array(pythonRaw[0..<4]) == Array(ours[0..<4]))
        #expect(Array(pythonRaw[8..<40]) == Array(ours[8..<40]))
        #expect(Array(pythonRaw[40..<44]) == [0x01, 0x02, 0x02, 0x02])  // -1 (one empty slot), then 1, 1, 1
        #expect(Array(ours[40..<44]) == [0x00, 0x02, 0x02, 0x02])
    }
}
