#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How an ``AuthorizationKey`` packs its three parts: the lengths word, the inline words, the
/// overflow bytes, and the comparisons over them.
extension AuthorizationKey {
    /// Eight words: 64 bytes of UTF-8 held in the key itself (`InlineArray` needs tools 6.2).
    @usableFromInline
    typealias InlineWords = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Bytes the three parts may take together and still be held inline.
    @inlinable
    static var inlineCapacity: Int { 64 }

    /// Bits of each part's length in the lengths word.
    @inlinable
    static var lengthBits: Int { 21 }

    /// The lengths word of a key with a part of `1 << lengthBits` bytes or more: the overflow bytes
    /// then start with the three lengths (``hugeHeaderBytes``). Bit 63 is never set otherwise.
    @inlinable
    static var hugeLengths: UInt64 { .max }

    /// The header of a huge key's overflow bytes: three native-endian `UInt64` lengths.
    @inlinable
    static var hugeHeaderBytes: Int { 3 * MemoryLayout<UInt64>.size }

    /// The lengths word of parts of `guid`, `requestor` and `resource` bytes.
    @inlinable @inline(__always)
    static func lengthsWord(_ guid: Int, _ requestor: Int, _ resource: Int) -> UInt64 {
        let limit = 1 << lengthBits
        guard guid < limit, requestor < limit, resource < limit else { return hugeLengths }
        return UInt64(guid) | UInt64(requestor) << UInt64(lengthBits) | UInt64(resource) << UInt64(2 * lengthBits)
    }

    /// Copies `text`'s UTF-8 to `destination` (room for `text.utf8.count` bytes), without
    /// allocating: straight from its storage when contiguous, else byte by byte.
    @inlinable @inline(__always)
    static func copyUTF8(_ text: String, to destination: UnsafeMutableRawPointer) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress, source.count > 0 {
                destination.copyMemory(from: base, byteCount: source.count)
            }
        }
        if copied == nil { copyUTF8ByteByByte(text, to: destination) }
    }

    /// The fallback of ``copyUTF8(_:to:)`` for strings without contiguous UTF-8 (bridged, lazily built).
    @usableFromInline
    static func copyUTF8ByteByByte(_ text: String, to destination: UnsafeMutableRawPointer) {
        var offset = 0
        for byte in text.utf8 {
            destination.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
    }

    /// The overflow bytes of parts longer than ``inlineCapacity`` together: all of their bytes
    /// (after the three lengths when `lengths` is ``hugeLengths``). Feeds `hasher` the lengths and
    /// the requestor and resource bytes, as the inline path does, and sets `hash` to the result.
    @usableFromInline
    static func overflowBytes(
        guid: String, requestorID: String, resourceID: String, lengths: UInt64, hasher: inout KeyHasher, hash: inout UInt64
    ) -> [UInt8] {
        let (g, r, s) = (guid.utf8.count, requestorID.utf8.count, resourceID.utf8.count)
        let header = lengths == hugeLengths ? hugeHeaderBytes : 0
        let count = header + g + r + s
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            if header > 0 {
                base.storeBytes(of: UInt64(g), toByteOffset: 0, as: UInt64.self)
                base.storeBytes(of: UInt64(r), toByteOffset: 8, as: UInt64.self)
                base.storeBytes(of: UInt64(s), toByteOffset: 16, as: UInt64.self)
            }
            copyUTF8(guid, to: base + header)
            copyUTF8(requestorID, to: base + header + g)
            copyUTF8(resourceID, to: base + header + g + r)
            initialized = count
        }
        hasher.combine(lengths)
        if header > 0 {
            hasher.combine(UInt64(g))
            hasher.combine(UInt64(r))
            hasher.combine(UInt64(s))
        }
        hash = bytes.withUnsafeBytes { hasher.finalize(appending: UnsafeRawBufferPointer(rebasing: $0[(header + g)...])) }
        return bytes
    }

    /// Whether two inline byte blocks are equal: all eight words, without branching per word.
    @inlinable @inline(__always)
    static func wordsEqual(_ a: InlineWords, _ b: InlineWords) -> Bool {
        let low = (a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2) | (a.3 ^ b.3)
        let high = (a.4 ^ b.4) | (a.5 ^ b.5) | (a.6 ^ b.6) | (a.7 ^ b.7)
        return low | high == 0
    }

    /// Whether two keys' overflow bytes are equal (both absent for inline keys).
    @inlinable @inline(__always)
    static func overflowEqual(_ a: [UInt8]?, _ b: [UInt8]?) -> Bool {
        if a == nil && b == nil { return true }
        return overflowBytesEqual(a, b)
    }

    /// The out-of-line half of ``overflowEqual(_:_:)``: same count and `memcmp`.
    @usableFromInline
    static func overflowBytesEqual(_ a: [UInt8]?, _ b: [UInt8]?) -> Bool {
        guard let a, let b, a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    /// Calls `body` with the three parts' bytes, in order, wherever they are held.
    @usableFromInline
    func withParts<R>(
        _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> R
    ) -> R {
        func split(_ raw: UnsafeRawBufferPointer, _ g: Int, _ r: Int, _ s: Int) -> R {
            body(UnsafeRawBufferPointer(rebasing: raw[0..<g]), UnsafeRawBufferPointer(rebasing: raw[g..<(g + r)]),
                UnsafeRawBufferPointer(rebasing: raw[(g + r)..<(g + r + s)]))
        }
        if lengths == Self.hugeLengths, let overflow {
            return overflow.withUnsafeBytes { raw in
                let header = Self.hugeHeaderBytes
                let g = Int(raw.load(fromByteOffset: 0, as: UInt64.self))
                let r = Int(raw.load(fromByteOffset: 8, as: UInt64.self))
                let s = Int(raw.load(fromByteOffset: 16, as: UInt64.self))
                return split(UnsafeRawBufferPointer(rebasing: raw[header...]), g, r, s)
            }
        }
        let mask = UInt64(1 << Self.lengthBits) - 1
        let g = Int(lengths & mask)
        let r = Int(lengths >> UInt64(Self.lengthBits) & mask)
        let s = Int(lengths >> UInt64(2 * Self.lengthBits) & mask)
        if let overflow {
            return overflow.withUnsafeBytes { split($0, g, r, s) }
        }
        return withUnsafeBytes(of: words) { split($0, g, r, s) }
    }

    /// Whether the parts are held in the key itself (no overflow bytes).
    var isInline: Bool { overflow == nil }

    /// `key`'s parts under another hash: for tests of equality between keys whose hashes collide.
    init(_ key: AuthorizationKey, hash: Int) {
        self.hash = hash
        self.lengths = key.lengths
        self.words = key.words
        self.overflow = key.overflow
    }
}
