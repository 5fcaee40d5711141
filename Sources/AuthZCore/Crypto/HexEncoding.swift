/// Lowercase hex encoding and decoding over raw buffers, with no allocation.
package enum HexEncoding {
    /// The 64 lowercase hex digits of a 32-byte value, as eight words of memory.
    package typealias HexWords = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The 64 lowercase hex digits of the 32 bytes held in `bytes` (four words of memory), computed
    /// 16 bytes at a time in vector registers: each half splits into its high and low nibbles,
    /// each nibble becomes its digit by arithmetic (`'0' + n`, 39 more for 10...15), and the two
    /// digit vectors are interleaved, high digit first, into 32 output bytes. About 2 instructions
    /// per byte (SSE2, straight-line code), where a table of digit pairs took about 5 with its
    /// loop, and no memory access depends on the data, so the bytes of a MAC pick no cache line.
    @inline(__always)
    package static func lowercase(_ bytes: (UInt64, UInt64, UInt64, UInt64)) -> HexWords {
        let (first, second) = lowercase16(unsafeBitCast((bytes.0, bytes.1), to: SIMD16<UInt8>.self))
        let (third, fourth) = lowercase16(unsafeBitCast((bytes.2, bytes.3), to: SIMD16<UInt8>.self))
        return unsafeBitCast((first, second, third, fourth), to: HexWords.self)
    }

    /// The 32 lowercase hex digits of `bytes`, in order, as two vectors.
    @inline(__always)
    private static func lowercase16(_ bytes: SIMD16<UInt8>) -> (SIMD16<UInt8>, SIMD16<UInt8>) {
        let high = digits(bytes &>> 4)
        let low = digits(bytes & 0x0F)
        return (interleave(high, low, from: 0), interleave(high, low, from: 8))
    }

    /// Lanes `start..<start + 8` of `high` and `low` alternately, high first. With constant lanes
    /// the loop compiles to one unpack instruction (`punpcklbw` or `punpckhbw`).
    @inline(__always)
    private static func interleave(_ high: SIMD16<UInt8>, _ low: SIMD16<UInt8>, from start: Int) -> SIMD16<UInt8> {
        var result = SIMD16<UInt8>()
        for lane in 0..<8 {
            result[2 &* lane] = high[start &+ lane]
            result[2 &* lane &+ 1] = low[start &+ lane]
        }
        return result
    }

    /// The lowercase digit of each nibble (0...15) of `nibbles`, with no branch and no lookup:
    /// `(n + 6) >> 4` is 1 exactly for 10...15, and `0 - 1` masks in the 39 from `'9' + 1` to `'a'`.
    @inline(__always)
    private static func digits(_ nibbles: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let letter = (nibbles &+ 6) &>> 4
        return nibbles &+ 0x30 &+ (0 &- letter) & 0x27
    }

    /// The value of one hex digit, or `nil`; uppercase digits only when `allowUppercase`.
    @inline(__always)
    package static func value(of ascii: UInt8, allowUppercase: Bool) -> UInt8? {
        switch ascii {
        case 0x30...0x39: return ascii - 0x30
        case 0x61...0x66: return ascii - 0x61 + 10
        case 0x41...0x46 where allowUppercase: return ascii - 0x41 + 10
        default: return nil
        }
    }

    /// Decodes exactly `out.count * 2` hex digits of `text` into `out`; false on any other input.
    package static func decode(
        _ text: some StringProtocol,
        into out: UnsafeMutableRawBufferPointer,
        allowUppercase: Bool
    ) -> Bool {
        var utf8 = text.utf8.makeIterator()
        for index in 0..<out.count {
            guard let high = utf8.next().flatMap({ value(of: $0, allowUppercase: allowUppercase) }),
                let low = utf8.next().flatMap({ value(of: $0, allowUppercase: allowUppercase) })
            else { return false }
            out[index] = high << 4 | low
        }
        return utf8.next() == nil
    }

    /// A string of the hex digits `ascii` (ASCII bytes), copied straight into its storage.
    @inline(__always)
    package static func string(_ ascii: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: ascii.count) { out in
            _ = out.initialize(from: ascii)
            return ascii.count
        }
    }
}
