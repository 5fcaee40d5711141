import COpenSSL

extension DeviceInfo {
    /// The field separator of the canonical form (ASCII unit separator).
    static let separator: UInt8 = 0x1F

    /// The largest canonical form hashed from one stack buffer: four SHA-256 blocks. Real
    /// identifiers take about 100 bytes (two UUIDs, a model name, a team ID).
    static let bufferedCanonicalBytes = 256

    /// The canonical bytes: the four fields' UTF-8 joined by 0x1F, in declaration order.
    public var canonicalBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(canonicalCount)
        bytes.append(contentsOf: advertisingID.utf8)
        bytes.append(Self.separator)
        bytes.append(contentsOf: vendorID.utf8)
        bytes.append(Self.separator)
        bytes.append(contentsOf: model.utf8)
        bytes.append(Self.separator)
        bytes.append(contentsOf: teamID.utf8)
        return bytes
    }

    /// The number of canonical bytes (each native string knows its UTF-8 length).
    @inline(__always)
    var canonicalCount: Int {
        advertisingID.utf8.count + vendorID.utf8.count + model.utf8.count + teamID.utf8.count + 3
    }

    /// Hashes the canonical bytes into `context`; false when libcrypto fails.
    ///
    /// Up to `bufferedCanonicalBytes`, the fields and separators are copied into a buffer on the
    /// stack and hashed by one `SHA256_Update`, as the joined bytes would be: one call into
    /// libcrypto instead of seven (one per field and separator, about 50 instructions each
    /// besides their copies). Longer forms stream each piece from its own storage. Either way the
    /// bytes are never assembled on the heap.
    @inline(__always)
    func hashCanonicalBytes(into context: inout SHA256_CTX) -> Bool {
        let count = canonicalCount
        guard count <= Self.bufferedCanonicalBytes else { return streamCanonicalBytes(into: &context) }
        return withUnsafeTemporaryAllocation(byteCount: Self.bufferedCanonicalBytes, alignment: 16) { buffer in
            var end = buffer.baseAddress!
            end = Self.copy(advertisingID, to: end, separated: true)
            end = Self.copy(vendorID, to: end, separated: true)
            end = Self.copy(model, to: end, separated: true)
            end = Self.copy(teamID, to: end, separated: false)
            return authz_sha256_update(&context, buffer.baseAddress, count) == 1
        }
    }

    /// Copies `field`'s UTF-8 to `target`, then the separator when `separated`; returns the end.
    @inline(__always)
    private static func copy(
        _ field: String,
        to target: UnsafeMutableRawPointer,
        separated: Bool
    )
        -> UnsafeMutableRawPointer
    {
        var end = target
        field.withUTF8Bytes { bytes in
            copyBytes(bytes, to: target)
            end = target + bytes.count
        }
        if separated {
            end.storeBytes(of: separator, as: UInt8.self)
            end += 1
        }
        return end
    }

    /// Copies `bytes` to `target`. Fewer than 16 bytes (a small string, which the standard library
    /// has just stored on the stack as two words) go as 8-, 4-, 2- and 1-byte pieces, each read
    /// from within one of those words, so the store buffer forwards every read; `memmove`'s
    /// overlapping 8-byte reads span both words and wait for them to reach the cache (about 2.6 ns
    /// a field besides the call, measured in C).
    @inline(__always)
    private static func copyBytes(_ bytes: UnsafeRawBufferPointer, to target: UnsafeMutableRawPointer) {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return }
        guard count < 16 else {
            target.copyMemory(from: source, byteCount: count)
            return
        }
        var offset = 0
        if count & 8 != 0 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            offset = 8
        }
        if count & 4 != 0 {
            let piece = source.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            target.storeBytes(of: piece, toByteOffset: offset, as: UInt32.self)
            offset &+= 4
        }
        if count & 2 != 0 {
            let piece = source.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
            target.storeBytes(of: piece, toByteOffset: offset, as: UInt16.self)
            offset &+= 2
        }
        if count & 1 != 0 {
            target.storeBytes(
                of: source.load(fromByteOffset: offset, as: UInt8.self),
                toByteOffset: offset,
                as: UInt8.self
            )
        }
    }

    /// Hashes the fields and separators one `SHA256_Update` each, from their own storage.
    private func streamCanonicalBytes(into context: inout SHA256_CTX) -> Bool {
        Self.stream(advertisingID, separated: true, into: &context)
            && Self.stream(vendorID, separated: true, into: &context)
            && Self.stream(model, separated: true, into: &context)
            && Self.stream(teamID, separated: false, into: &context)
    }

    /// Hashes `field`'s UTF-8, then the separator when `separated`.
    private static func stream(_ field: String, separated: Bool, into context: inout SHA256_CTX) -> Bool {
        var separator = separator
        return field.withUTF8Bytes { authz_sha256_update(&context, $0.baseAddress, $0.count) } == 1
            && (!separated || authz_sha256_update(&context, &separator, 1) == 1)
    }
}
