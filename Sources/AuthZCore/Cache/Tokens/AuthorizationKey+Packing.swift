/// How an ``AuthorizationKey`` packs its three parts: the lengths word, the inline words or the
/// digest, and the comparison over them.
extension AuthorizationKey {
    /// Eight words: 64 bytes of UTF-8 held in the key itself (`InlineArray` needs tools 6.2).
    @usableFromInline
    package typealias InlineWords = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Bytes the three parts may take together and still be held inline.
    @inlinable
    static var inlineCapacity: Int { 64 }

    /// Bits of each part's length in the lengths word.
    @inlinable
    static var lengthBits: Int { 21 }

    /// The lengths-word bit of a key in digest form (never set by three 21-bit lengths).
    @inlinable
    package static var digestFlag: UInt64 { 1 << 63 }

    /// The lengths word of parts of `guid`, `requestor` and `resource` bytes.
    @inlinable @inline(__always)
    static func lengthsWord(_ guid: Int, _ requestor: Int, _ resource: Int) -> UInt64 {
        UInt64(guid) | UInt64(requestor) << UInt64(lengthBits) | UInt64(resource) << UInt64(2 * lengthBits)
    }

    /// The lengths word of a key in digest form: each length capped at `2^21 - 1` (the digest
    /// covers the exact lengths), and `digestFlag`.
    @inlinable
    static func digestLengths(_ guid: Int, _ requestor: Int, _ resource: Int) -> UInt64 {
        let cap = (1 << lengthBits) - 1
        return lengthsWord(min(guid, cap), min(requestor, cap), min(resource, cap)) | digestFlag
    }

    /// Copies `text`'s UTF-8 to `destination` (room for `text.utf8.count` bytes), without
    /// allocating: straight from its storage when contiguous, else byte by byte.
    @inlinable @inline(__always)
    package static func copyUTF8(_ text: String, to destination: UnsafeMutableRawPointer) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress, source.count > 0 {
                destination.copyMemory(from: base, byteCount: source.count)
            }
        }
        if copied == nil { copyUTF8ByteByByte(text, to: destination) }
    }

    /// The fallback of ``copyUTF8(_:to:)`` for strings without contiguous UTF-8 (bridged, lazily built).
    @usableFromInline
    package static func copyUTF8ByteByByte(_ text: String, to destination: UnsafeMutableRawPointer) {
        var offset = 0
        for byte in text.utf8 {
            destination.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
    }

    /// The digest form's words: SHA-256 of the three lengths (little-endian `UInt64`s) and the
    /// three parts, in the first four words; zero after.
    @usableFromInline
    static func digestWords(guid: String, requestorID: String, resourceID: String) -> InlineWords {
        let (g, r, s) = (guid.utf8.count, requestorID.utf8.count, resourceID.utf8.count)
        let header = 3 * MemoryLayout<UInt64>.size
        let digest = withUnsafeTemporaryAllocation(byteCount: header + g + r + s, alignment: 8) { buffer in
            let base = buffer.baseAddress!
            base.storeBytes(of: UInt64(g).littleEndian, toByteOffset: 0, as: UInt64.self)
            base.storeBytes(of: UInt64(r).littleEndian, toByteOffset: 8, as: UInt64.self)
            base.storeBytes(of: UInt64(s).littleEndian, toByteOffset: 16, as: UInt64.self)
            copyUTF8(guid, to: base + header)
            copyUTF8(requestorID, to: base + header + g)
            copyUTF8(resourceID, to: base + header + g + r)
            return SHA256.hash(UnsafeRawBufferPointer(buffer))
        }
        var words: InlineWords = (0, 0, 0, 0, 0, 0, 0, 0)
        digest.withUnsafeBytes { bytes in
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
        }
        return words
    }

    /// Whether two inline byte blocks are equal: all eight words, without branching per word.
    @inlinable @inline(__always)
    static func wordsEqual(_ a: InlineWords, _ b: InlineWords) -> Bool {
        let low = (a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2) | (a.3 ^ b.3)
        let high = (a.4 ^ b.4) | (a.5 ^ b.5) | (a.6 ^ b.6) | (a.7 ^ b.7)
        return low | high == 0
    }

    /// `key`'s parts under another hash: for tests of equality between keys whose hashes collide.
    package init(_ key: AuthorizationKey, hash: Int) {
        self.precomputedHash = hash
        self.lengths = key.lengths
        self.words = key.words
    }
}
