/// Writes wire-format bytes into a caller-provided buffer, with no allocation: the serializer's
/// one writing primitive, shared by `TokenSerializer` and the minting path of `TokenIssuer`.
///
/// The caller sizes the buffer with `TokenSerializer.bodyByteBound(_:)` (an upper bound); writes
/// past the end trap.
package struct TokenWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    package private(set) var count = 0

    /// Starts writing at the beginning of `buffer`.
    package init(_ buffer: UnsafeMutableRawBufferPointer) {
        base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        capacity = buffer.count
    }

    /// The bytes written so far.
    package var written: UnsafeRawBufferPointer {
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
    package mutating func byte(_ value: UInt8) {
        ensure(1)
        put(value)
    }

    package mutating func bytes(_ source: UnsafeRawBufferPointer) {
        ensure(source.count)
        guard let start = source.baseAddress, !source.isEmpty else { return }
        (base + count).update(from: start.assumingMemoryBound(to: UInt8.self), count: source.count)
        count &+= source.count
    }

    /// The bytes of `name`; inlined so that the copy has the literal's constant length.
    @inline(__always)
    package mutating func name(_ name: StaticString) {
        ensure(name.utf8CodeUnitCount)
        name.withUTF8Buffer { raw(UnsafeRawBufferPointer($0)) }
    }

    /// `<name>`.
    package mutating func open(_ element: StaticString) {
        ensure(element.utf8CodeUnitCount &+ 2)
        put(0x3C)
        element.withUTF8Buffer { raw(UnsafeRawBufferPointer($0)) }
        put(0x3E)
    }

    /// `</name>`.
    package mutating func close(_ element: StaticString) {
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
    package mutating func escaped(_ text: String) {
        text.withUTF8Bytes { escaped($0) }
    }

    /// The UTF-8 bytes `utf8` with the five predefined entities.
    ///
    /// Most fields need no entity: one pass copies the bytes eight at a time and tests each word
    /// for the five bytes at once (SWAR); only when one is found are the bytes written again,
    /// escaped. Callgrind, warm `getAuthorization`: about 11 instructions per byte for a byte loop
    /// with a bit test, about 4 per byte here.
    package mutating func escaped(_ utf8: UnsafeRawBufferPointer) {
        guard let source = utf8.baseAddress else { return }
        let n = utf8.count
        ensure(n)
        let target = UnsafeMutableRawPointer(base + count)
        var special: UInt64 = 0
        if n >= 8 {
            var i = 0
            while i &+ 8 <= n {
                let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                special |= Self.entityBytes(in: word)
                i &+= 8
            }
            if i < n {  // the last 8 bytes, overlapping the words already copied
                let word = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
                target.storeBytes(of: word, toByteOffset: n &- 8, as: UInt64.self)
                special |= Self.entityBytes(in: word)
            }
        } else {
            var i = 0
            while i < n {
                let b = source.load(fromByteOffset: i, as: UInt8.self)
                target.storeBytes(of: b, toByteOffset: i, as: UInt8.self)
                special |= b < 64 ? Self.entityBits &>> UInt64(b) & 1 : 0
                i &+= 1
            }
        }
        guard special != 0 else {
            count &+= n
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

    /// Nonzero when one of the eight bytes of `word` is `"`, `&`, `'`, `<` or `>`: for each, the
    /// classic "has a zero byte" test on `word` XOR that byte repeated (exact as a whole-word
    /// answer; which bits are set is not used).
    @inline(__always)
    package static func entityBytes(in word: UInt64) -> UInt64 {
        @inline(__always) func has(_ byte: UInt64) -> UInt64 {
            let v = word ^ (byte &* 0x0101_0101_0101_0101)
            return (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
        }
        return has(0x22) | has(0x26) | has(0x27) | has(0x3C) | has(0x3E)
    }

    /// Bit `b` is set for each byte `b < 64` that needs an entity: `"`, `&`, `'`, `<`, `>`.
    @inline(__always)
    private static var entityBits: UInt64 { 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E }

    /// `value` in decimal (a negative value gets a `-`, which the parser rejects).
    ///
    /// Two digits per division by 100, through a table of the 100 pairs, written from the end of
    /// a stack scratch, then copied.
    package mutating func decimal(_ value: Int64) {
        var magnitude = value.magnitude
        if value < 0 { byte(0x2D) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &digits) { scratch in
            let out = scratch.baseAddress!
            Self.digitPairs.withUTF8Buffer { pairs in
                let table = UnsafeRawPointer(pairs.baseAddress!)
                var index = 24
                while magnitude >= 100 {
                    let pair = Int(truncatingIfNeeded: magnitude % 100)
                    magnitude /= 100
                    index &-= 2
                    out.storeBytes(
                        of: table.loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self),
                        toByteOffset: index,
                        as: UInt16.self
                    )
                }
                if magnitude >= 10 {
                    index &-= 2
                    out.storeBytes(
                        of: table.loadUnaligned(
                            fromByteOffset: Int(truncatingIfNeeded: magnitude) &* 2,
                            as: UInt16.self
                        ),
                        toByteOffset: index,
                        as: UInt16.self
                    )
                } else {
                    index &-= 1
                    out.storeBytes(
                        of: 0x30 &+ UInt8(truncatingIfNeeded: magnitude),
                        toByteOffset: index,
                        as: UInt8.self
                    )
                }
                bytes(UnsafeRawBufferPointer(start: out + index, count: 24 &- index))
            }
        }
    }

    /// "00" through "99", two ASCII digits per value.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// The 8 lowercase hex digits of `value` as one word whose byte `k` (bits `8k...8k+7`) is the
    /// `k`th digit, most significant digit first (SWAR: each nibble moved to its own byte, then
    /// turned into ASCII). Store it with `.littleEndian` to put digit 0 at the lowest address.
    @inline(__always)
    package static func hexDigits8(_ value: UInt32) -> UInt64 {
        var x = UInt64(value)
        x = (x | x &<< 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x &<< 8) & 0x00FF_00FF_00FF_00FF
        x = (x | x &<< 4) & 0x0F0F_0F0F_0F0F_0F0F  // byte k = nibble k (least significant first)
        let letters = ((x &+ 0x0606_0606_0606_0606) &>> 4) & 0x0101_0101_0101_0101  // 1 where nibble >= 10
        x = x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27  // '0' + n, or 'a' + n - 10
        return x.byteSwapped  // the most significant nibble into byte 0
    }

    /// A UUID-shaped identifier (8-4-4-4-12 lowercase hex) from 128 bits.
    package mutating func uuid(high: UInt64, low: UInt64) {
        ensure(36)
        let out = UnsafeMutableRawPointer(base + count)
        let a = Self.hexDigits8(UInt32(truncatingIfNeeded: high &>> 32))
        let b = Self.hexDigits8(UInt32(truncatingIfNeeded: high))
        let c = Self.hexDigits8(UInt32(truncatingIfNeeded: low &>> 32))
        let d = Self.hexDigits8(UInt32(truncatingIfNeeded: low))
        out.storeBytes(of: a.littleEndian, toByteOffset: 0, as: UInt64.self)
        out.storeBytes(of: 0x2D, toByteOffset: 8, as: UInt8.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: b).littleEndian, toByteOffset: 9, as: UInt32.self)
        out.storeBytes(of: 0x2D, toByteOffset: 13, as: UInt8.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: b &>> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
        out.storeBytes(of: 0x2D, toByteOffset: 18, as: UInt8.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: c).littleEndian, toByteOffset: 19, as: UInt32.self)
        out.storeBytes(of: 0x2D, toByteOffset: 23, as: UInt8.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: c &>> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
        out.storeBytes(of: d.littleEndian, toByteOffset: 28, as: UInt64.self)
        count &+= 36
    }

    /// The date in the seed's layout.
    package mutating func date(_ value: TokenDate) {
        precondition(count + 40 <= capacity, "token writer overflow")
        count &+= value.write(to: base + count)
    }

    /// The standard base64 of `source`.
    package mutating func base64(_ source: UnsafeRawBufferPointer) {
        let needed = Base64.encodedCount(source.count)
        precondition(count + needed <= capacity, "token writer overflow")
        count &+= Base64.encode(source, into: base + count)
    }

    /// The bytes `escaped(text)` writes (each entity replaces one byte with 4 to 6), and whether `text` holds a control character the parser
    /// refuses (``TokenSchema/isRefusedControl(_:)``): one pass over the text, because issuing a
    /// token checks both of every field.
    package static func escapedCountAndControl(_ text: String) -> (bytes: Int, control: Bool) {
        var count = 0
        var control = false
        for b in text.utf8 {
            switch b {
            case 0x26: count &+= 5  // &amp;
            case 0x3C, 0x3E: count &+= 4  // &lt; &gt;
            case 0x22, 0x27: count &+= 6  // &quot; &apos;
            case 0x00..<0x20:
                count &+= 1
                control = control || TokenSchema.isRefusedControl(b)
            default: count &+= 1
            }
        }
        return (count, control)
    }

    /// Worst-case bytes `escaped(text)` writes (every byte a 6-byte entity).
    package static func escapedBound(_ text: String) -> Int {
        text.utf8.count &* 6
    }
}
