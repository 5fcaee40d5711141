// ZigZag LEB128 as HdrHistogram's ZigZagEncoding: at most 9 bytes, 7 bits per byte with a
// continuation bit for the first 8 bytes, the 9th byte carrying the last 8 bits whole.

/// ZigZag LEB128 encoding of 64-bit signed integers, HdrHistogram's variant (at most 9 bytes).
public enum HDRVarint {
    /// Appends `value` ZigZag LEB128-encoded to `bytes`.
    public static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            if zigzag < 0x80 {
                bytes.append(UInt8(zigzag))
                return
            }
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: zigzag))
    }

    /// Reads one value at `offset` (advanced past it), or nil when the bytes end mid-value.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        for byteNumber in 0..<9 {
            guard offset < bytes.count else { return nil }
            let byte = bytes[offset]
            offset += 1
            if byteNumber == 8 {
                result |= UInt64(byte) << 56
                break
            }
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1)))
    }
}
