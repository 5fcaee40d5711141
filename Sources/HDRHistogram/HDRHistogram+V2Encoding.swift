// HdrHistogram's V2 encoding: a 40-byte big-endian header followed by the counts as ZigZag LEB128
// varints, runs of two or more empty slots written as one negative run length. The compressed form
// wraps the zlib-deflated payload in an 8-byte header; its base64 is the `HISTF...` text of .hlog files.

import Foundation

extension HDRHistogram {
    /// Cookie of the uncompressed V2 payload (base 0x1c849303 with HdrHistogram's word-size nibble 0x10).
    public static let v2EncodingCookie: UInt32 = 0x1c84_9313
    /// Cookie of the compressed V2 payload (base 0x1c849304 with the nibble; base64 starts `HISTF`).
    public static let v2CompressedEncodingCookie: UInt32 = 0x1c84_9314
    /// Size of the uncompressed payload header in bytes.
    public static let v2HeaderSize = 40

    /// The uncompressed V2 payload: header, then counts up to the highest non-empty slot.
    ///
    /// As HdrHistogram, an empty histogram encodes one (zero) count. Counts above `Int64.max`
    /// (unreachable in practice) are written as `Int64.max`.
    public func encodedV2() -> [UInt8] {
        let relevantLength = (lastNonZeroIndex ?? 0) + 1
        var countBytes: [UInt8] = []
        countBytes.reserveCapacity(relevantLength)
        var index = 0
        while index < relevantLength {
            let count = counts[index]
            index += 1
            if count == 0 {
                var zeros: Int64 = 1
                while index < relevantLength, counts[index] == 0 {
                    zeros += 1
                    index += 1
                }
                HDRVarint.append(zeros > 1 ? -zeros : 0, to: &countBytes)
            } else {
                HDRVarint.append(Int64(clamping: count), to: &countBytes)
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.v2HeaderSize + countBytes.count)
        bytes.appendBigEndian(Self.v2EncodingCookie)
        bytes.appendBigEndian(UInt32(countBytes.count))
        bytes.appendBigEndian(UInt32(0))  // normalizingIndexOffset
        bytes.appendBigEndian(UInt32(layout.significantDigits))
        bytes.appendBigEndian(layout.lowestDiscernibleValue)
        bytes.appendBigEndian(layout.highestTrackableValue)
        bytes.appendBigEndian((1.0 as Double).bitPattern)  // integerToDoubleValueConversionRatio
        bytes.append(contentsOf: countBytes)
        return bytes
    }

    /// The compressed V2 form: cookie, compressed length, zlib deflate (level 9) of `encodedV2()`.
    public func encodedCompressedV2() throws(HDRCodecError) -> [UInt8] {
        let deflated = try HDRZlib.deflate(encodedV2())
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + deflated.count)
        bytes.appendBigEndian(Self.v2CompressedEncodingCookie)
        bytes.appendBigEndian(UInt32(deflated.count))
        bytes.append(contentsOf: deflated)
        return bytes
    }

    /// Base64 of the compressed V2 form (the `HISTF...` text used in .hlog files and result JSON).
    public func encodedBase64() throws(HDRCodecError) -> String {
        Data(try encodedCompressedV2()).base64EncodedString()
    }

    /// Decodes an uncompressed V2 payload; throws on any bad cookie, length, layout or truncation.
    public init(decodingV2 bytes: [UInt8]) throws(HDRCodecError) {
        let header = try Self.decodeHeader(bytes)
        guard bytes.count - Self.v2HeaderSize == header.payloadLength else {
            throw HDRCodecError(
                .badLength,
                "V2 payload length \(header.payloadLength) but \(bytes.count - Self.v2HeaderSize) bytes follow the header"
            )
        }
        let (counts, total) = try Self.decodeCounts(bytes, offset: Self.v2HeaderSize, layout: header.layout)
        self.init(layout: header.layout, counts: counts, totalCount: total)
    }

    /// Decodes a compressed V2 payload; throws on any bad cookie, length, zlib stream or payload.
    public init(decodingCompressedV2 bytes: [UInt8]) throws(HDRCodecError) {
        guard bytes.count >= 8 else {
            throw HDRCodecError(
                .truncated,
                "compressed V2 histogram is \(bytes.count) bytes, shorter than its 8-byte header"
            )
        }
        let cookie = bytes.bigEndianUInt32(at: 0)
        guard cookie & ~0xf0 == Self.v2CompressedEncodingCookie & ~0xf0 else {
            throw HDRCodecError(.badCookie, "not a compressed V2 histogram (cookie 0x\(String(cookie, radix: 16)))")
        }
        let length = Int(bytes.bigEndianUInt32(at: 4))
        guard length == bytes.count - 8 else {
            throw HDRCodecError(
                .badLength,
                "compressed length \(length) but \(bytes.count - 8) bytes follow the header"
            )
        }
        let payload = try HDRZlib.inflateV2Payload(Array(bytes[8...]))
        try self.init(decodingV2: payload)
    }

    /// Decodes the base64 text of a compressed V2 payload (`HISTF...`).
    public init(decodingBase64 text: some StringProtocol) throws(HDRCodecError) {
        guard let data = Data(base64Encoded: String(text)) else {
            throw HDRCodecError(.badBase64, "histogram payload is not valid base64")
        }
        try self.init(decodingCompressedV2: [UInt8](data))
    }

    /// The validated header fields of an uncompressed V2 payload.
    public struct V2Header {
        /// Number of count bytes after the header.
        public let payloadLength: Int
        /// The layout the header describes.
        public let layout: HDRBucketLayout
    }

    /// Reads and validates the 40-byte header of an uncompressed V2 payload.
    public static func decodeHeader(_ bytes: [UInt8]) throws(HDRCodecError) -> V2Header {
        guard bytes.count >= v2HeaderSize else {
            throw HDRCodecError(
                .truncated,
                "V2 histogram is \(bytes.count) bytes, shorter than its \(v2HeaderSize)-byte header"
            )
        }
        let cookie = bytes.bigEndianUInt32(at: 0)
        guard cookie & ~0xf0 == v2EncodingCookie & ~0xf0 else {
            throw HDRCodecError(.badCookie, "not a V2 histogram payload (cookie 0x\(String(cookie, radix: 16)))")
        }
        let payloadLength = Int(bytes.bigEndianUInt32(at: 4))
        let normalizingIndexOffset = bytes.bigEndianUInt32(at: 8)
        guard normalizingIndexOffset == 0 else {
            throw HDRCodecError(
                .badLayout,
                "normalizingIndexOffset \(normalizingIndexOffset) is not supported (must be 0)"
            )
        }
        let digits = Int(bytes.bigEndianUInt32(at: 12))
        let lowest = bytes.bigEndianUInt64(at: 16)
        let highest = bytes.bigEndianUInt64(at: 24)
        let layout: HDRBucketLayout
        do {
            layout = try HDRBucketLayout(lowest: lowest, highest: highest, significantDigits: digits)
        } catch {
            throw HDRCodecError(.badLayout, "V2 header: \(error.description)")
        }
        // Each count takes at most 9 bytes; a longer payload cannot be valid.
        guard payloadLength <= layout.countsLength * 9 else {
            throw HDRCodecError(
                .badLength,
                "V2 payload length \(payloadLength) exceeds the maximum for \(layout.countsLength) counts"
            )
        }
        return V2Header(payloadLength: payloadLength, layout: layout)
    }

    private static func decodeCounts(
        _ bytes: [UInt8],
        offset start: Int,
        layout: HDRBucketLayout
    ) throws(HDRCodecError) -> (ContiguousArray<UInt64>, UInt64) {
        let countsLength = layout.countsLength
        var counts = ContiguousArray<UInt64>(repeating: 0, count: countsLength)
        var total: UInt64 = 0
        let result: Result<Void, HDRCodecError> = bytes.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { destination in
                var offset = start
                var index = 0
                while offset < source.count {
                    guard let value = HDRVarint.read(source, at: &offset) else {
                        return .failure(
                            HDRCodecError(.truncated, "V2 counts end in the middle of a varint at byte \(offset)")
                        )
                    }
                    if value < 0 {
                        guard value != Int64.min, Int(-value) <= countsLength - index else {
                            return .failure(
                                HDRCodecError(
                                    .badLayout,
                                    "V2 zero run of \(value) slots overruns the \(countsLength) counts"
                                )
                            )
                        }
                        index += Int(-value)
                        continue
                    }
                    guard index < countsLength else {
                        return .failure(
                            HDRCodecError(
                                .badLayout,
                                "V2 payload holds more than the \(countsLength) counts of its layout"
                            )
                        )
                    }
                    destination[index] = UInt64(value)
                    let (sum, overflow) = total.addingReportingOverflow(UInt64(value))
                    guard !overflow else {
                        return .failure(HDRCodecError(.badLayout, "V2 total count overflows 64 bits"))
                    }
                    total = sum
                    index += 1
                }
                return .success(())
            }
        }
        try result.get()
        return (counts, total)
    }
}

extension [UInt8] {
    /// Appends a big-endian integer.
    public mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// The big-endian UInt32 at `offset` (caller checked the bounds).
    public func bigEndianUInt32(at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { ($0 << 8) | UInt32(self[offset + $1]) }
    }

    /// The big-endian UInt64 at `offset` (caller checked the bounds).
    public func bigEndianUInt64(at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { ($0 << 8) | UInt64(self[offset + $1]) }
    }
}
