/// Lowercase hex encoding and decoding over raw buffers, with no allocation.
package enum HexEncoding {
    /// Writes the lowercase hex of `bytes` into `out` (which holds at least `2 * bytes.count` bytes).
    ///
    /// One table load and one 2-byte store per byte (`digitPairs`), with no branch on the data:
    /// about 3 instructions per byte where the nibble arithmetic took about 40 (callgrind).
    @inline(__always)
    package static func encodeLowercase(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= bytes.count * 2, "hex output buffer too small")
        guard let source = bytes.baseAddress, let target = out.baseAddress else { return }
        let pairs = digitPairs
        for index in 0..<bytes.count {
            let byte = source.load(fromByteOffset: index, as: UInt8.self)
            target.storeBytes(of: pairs[Int(byte)], toByteOffset: index &* 2, as: UInt16.self)
        }
    }

    /// Writes the 64 lowercase hex digits of the 32 bytes at `digest` to `out`: the table loop with
    /// a constant trip count, which the compiler unrolls into a byte load, a table load and a
    /// 2-byte store per byte, with no bounds check.
    @inline(__always)
    package static func encodeLowercase32(_ digest: UnsafeRawPointer, into out: UnsafeMutableRawPointer) {
        let pairs = digitPairs
        for index in 0..<32 {
            let byte = digest.load(fromByteOffset: index, as: UInt8.self)
            out.storeBytes(of: pairs[Int(byte)], toByteOffset: index &* 2, as: UInt16.self)
        }
    }

    /// For each byte value, its two lowercase hex digits as they lie in memory (high digit first):
    /// 512 bytes, made once per process and never freed. Written only by its initialiser (which
    /// the runtime runs once) and only read afterwards, so sharing it between threads is safe.
    @usableFromInline
    nonisolated(unsafe) static let digitPairs: UnsafePointer<UInt16> = {
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        for value in 0..<256 {
            let pair = UInt16(digit(UInt8(value >> 4))) | UInt16(digit(UInt8(value & 0x0F))) << 8
            table[value] = pair.littleEndian
        }
        return UnsafePointer(table)
    }()

    @inline(__always)
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 - 10 + nibble
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

    /// True when `bytes` is exactly `count` lowercase hex digits.
    package static func isLowercaseHex(_ bytes: UnsafeRawBufferPointer, count: Int) -> Bool {
        guard bytes.count == count else { return false }
        for byte in bytes where value(of: byte, allowUppercase: false) == nil { return false }
        return true
    }
}
