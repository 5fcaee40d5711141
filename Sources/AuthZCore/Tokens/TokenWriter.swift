/// Writes wire-format bytes into a caller-provided buffer, with no allocation: the serializer's
/// one writing primitive, shared by `TokenSerializer` and the minting path of `TokenIssuer`.
///
/// The caller sizes the buffer with `TokenSerializer.bodyByteBound(_:)` (an upper bound); writes
/// past the end trap.
struct TokenWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    /// Starts writing at the beginning of `buffer`.
    init(_ buffer: UnsafeMutableRawBufferPointer) {
        base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        capacity = buffer.count
    }

    /// The bytes written so far.
    var written: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Traps unless `n` more bytes fit: every write checks its whole length once, up front.
    @inline(__always)
    private func ensure(_ n: Int) {
        precondition(n <= capacity &- count, "token writer overflow")
    }

    /// Stores one byte; the caller has ensured room.
    @inline(__always)
    private mutating func put(_ value: UInt8) {
        base[count] = value
        count &+= 1
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        ensure(1)
        put(value)
    }

    mutating func bytes(_ source: UnsafeRawBufferPointer) {
        ensure(source.count)
        guard let start = source.baseAddress, !source.isEmpty else { return }
        (base + count).update(from: start.assumingMemoryBound(to: UInt8.self), count: source.count)
        count &+= source.count
    }

    mutating func name(_ name: StaticString) {
        name.withUTF8Buffer { bytes(UnsafeRawBufferPointer($0)) }
    }

    /// `<name>`.
    mutating func open(_ element: StaticString) {
        ensure(element.utf8CodeUnitCount &+ 2)
        put(0x3C)
        element.withUTF8Buffer { raw(UnsafeRawBufferPointer($0)) }
        put(0x3E)
    }

    /// `</name>`.
    mutating func close(_ element: StaticString) {
        ensure(element.utf8CodeUnitCount &+ 3)
        put(0x3C)
        put(0x2F)
        element.withUTF8Buffer { raw(UnsafeRawBufferPointer($0)) }
        put(0x3E)
    }

    /// Copies `source`; the caller has ensured room.
    @inline(__always)
    private mutating func raw(_ source: UnsafeRawBufferPointer) {
        guard let start = source.baseAddress else { return }
        (base + count).update(from: start.assumingMemoryBound(to: UInt8.self), count: source.count)
        count &+= source.count
    }

    /// `text` with the five predefined entities.
    mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            // Most fields need no entity: copy them whole.
            if !utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) {
                bytes(UnsafeRawBufferPointer(utf8))
                return
            }
            for b in utf8 {
                switch b {
                case 0x26: name("&amp;")
                case 0x3C: name("&lt;")
                case 0x3E: name("&gt;")
                case 0x22: name("&quot;")
                case 0x27: name("&apos;")
                default: byte(b)
                }
            }
        }
    }

    /// `value` in decimal (a negative value gets a `-`, which the parser rejects).
    mutating func decimal(_ value: Int64) {
        var magnitude = value.magnitude
        if value < 0 { byte(0x2D) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        let written = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            var index = scratch.count
            repeat {
                index -= 1
                scratch[index] = 0x30 &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes(UnsafeRawBufferPointer(rebasing: scratch[index...]))
            return scratch.count - index
        }
        _ = written
    }

    /// `value` as `digits` lowercase hex digits (most significant first).
    mutating func hex(_ value: UInt64, digits: Int) {
        ensure(digits)
        var remaining = value
        var index = count &+ digits
        // Least significant digit last: fill from the end, a nibble at a time, through a table.
        withUnsafeBytes(of: TokenWriter.hexDigits) { table in
            for _ in 0..<digits {
                index &-= 1
                base[index] = table[Int(truncatingIfNeeded: remaining & 0xF)]
                remaining >>= 4
            }
        }
        count &+= digits
    }

    /// The lowercase hex digits, as 16 bytes in one value (no allocation, no bounds check needed).
    private static let hexDigits: (UInt64, UInt64) = (0x3736_3534_3332_3130, 0x6665_6463_6261_3938)

    /// A UUID-shaped identifier (8-4-4-4-12 lowercase hex) from 128 bits.
    mutating func uuid(high: UInt64, low: UInt64) {
        hex(high >> 32, digits: 8)
        byte(0x2D)
        hex((high >> 16) & 0xFFFF, digits: 4)
        byte(0x2D)
        hex(high & 0xFFFF, digits: 4)
        byte(0x2D)
        hex(low >> 48, digits: 4)
        byte(0x2D)
        hex(low & 0xFFFF_FFFF_FFFF, digits: 12)
    }

    /// The date in the seed's layout.
    mutating func date(_ value: TokenDate) {
        precondition(count + 40 <= capacity, "token writer overflow")
        count &+= value.write(to: base + count)
    }

    /// The standard base64 of `source`.
    mutating func base64(_ source: UnsafeRawBufferPointer) {
        let needed = Base64.encodedCount(source.count)
        precondition(count + needed <= capacity, "token writer overflow")
        count &+= Base64.encode(source, into: base + count)
    }

    /// Worst-case bytes `escaped(text)` writes (every byte a 6-byte entity).
    static func escapedBound(_ text: String) -> Int {
        text.utf8.count &* 6
    }
}
