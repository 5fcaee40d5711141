/// Comparisons whose running time does not depend on the contents of the compared bytes.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes; the time depends only on the length.
    ///
    /// Every byte is read, 128 at a time in eight 16-byte vectors (then 64, 32 and 16, and the last
    /// 16 bytes again for a remainder; 8 and 1 at a time below 16 bytes), and the
    /// differences are OR-ed into accumulators with no branch on the data, as `CRYPTO_memcmp` does
    /// one byte at a time. Measured side by side (`authz-bench micro --filter ct.compare`), it runs
    /// in the same time whether the inputs differ in their first byte or not at all, and many times
    /// faster than `CRYPTO_memcmp` on a 670-byte token. Different lengths return false at once:
    /// lengths are not secret, and neither are the addresses, whose alignment picks the loads.
    @inlinable
    public static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        let count = a.count
        guard count > 0, let left = a.baseAddress, let right = b.baseAddress else { return true }
        // Two arrays' elements (a presented token and a cached one) both start 16-byte aligned:
        // aligned loads let SSE2 take one operand of each XOR straight from memory (3 instructions
        // per 16 bytes instead of 4; callgrind).
        if (UInt(bitPattern: left) | UInt(bitPattern: right)) & 15 == 0 {
            return allEqual(left, right, count, aligned: true)
        }
        return allEqual(left, right, count, aligned: false)
    }

    /// Whether the `count` bytes at `left` and `right` are equal, reading every byte; `aligned`
    /// (a constant at each call) says that both start on a 16-byte boundary.
    @inlinable @inline(__always)
    static func allEqual(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, _ count: Int, aligned: Bool) -> Bool {
        var offset = 0
        var v0 = SIMD16<UInt8>()
        var v1 = SIMD16<UInt8>()
        var v2 = SIMD16<UInt8>()
        var v3 = SIMD16<UInt8>()
        // Eight vectors per step: the loop's own instructions are paid once per 128 bytes.
        while offset &+ 128 <= count {
            v0 |= difference16(left, right, offset, aligned) | difference16(left, right, offset &+ 64, aligned)
            v1 |= difference16(left, right, offset &+ 16, aligned) | difference16(left, right, offset &+ 80, aligned)
            v2 |= difference16(left, right, offset &+ 32, aligned) | difference16(left, right, offset &+ 96, aligned)
            v3 |= difference16(left, right, offset &+ 48, aligned) | difference16(left, right, offset &+ 112, aligned)
            offset &+= 128
        }
        if offset &+ 64 <= count {
            v0 |= difference16(left, right, offset, aligned)
            v1 |= difference16(left, right, offset &+ 16, aligned)
            v2 |= difference16(left, right, offset &+ 32, aligned)
            v3 |= difference16(left, right, offset &+ 48, aligned)
            offset &+= 64
        }
        if offset &+ 32 <= count {
            v0 |= difference16(left, right, offset, aligned)
            v1 |= difference16(left, right, offset &+ 16, aligned)
            offset &+= 32
        }
        if offset &+ 16 <= count {
            v2 |= difference16(left, right, offset, aligned)
            offset &+= 16
        }
        if offset < count && count >= 16 {
            // The last 1 to 15 bytes: the 16 that end the buffers, overlapping bytes already
            // compared (comparing a byte twice changes nothing), instead of a loop per byte.
            v3 |= difference16(left, right, count &- 16, false)
            offset = count
        }
        v0 |= v2
        v1 |= v3
        let folded = unsafeBitCast(v0 | v1, to: SIMD2<UInt64>.self)
        var bits = folded[0] | folded[1]
        // Buffers shorter than 16 bytes.
        while offset &+ 8 <= count {
            bits |=
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        while offset < count {
            bits |= UInt64(
                left.load(fromByteOffset: offset, as: UInt8.self) ^ right.load(fromByteOffset: offset, as: UInt8.self)
            )
            offset &+= 1
        }
        return opaqueIsZero(bits)
    }

    /// The XOR of the 16 bytes at `offset` in `left` and in `right`: zero where they agree. With
    /// `aligned`, `offset` is a multiple of 16 and both pointers are 16-byte aligned.
    @inlinable @inline(__always)
    static func difference16(
        _ left: UnsafeRawPointer,
        _ right: UnsafeRawPointer,
        _ offset: Int,
        _ aligned: Bool
    ) -> SIMD16<UInt8> {
        if aligned {
            return left.load(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                ^ right.load(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        }
        return left.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            ^ right.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    }

    /// `value == 0`, behind a call the optimiser does not look into, so that the accumulation above
    /// is not turned into a loop that exits at the first difference.
    @usableFromInline @inline(never)
    static func opaqueIsZero(_ value: UInt64) -> Bool {
        value == 0
    }
}
