import COpenSSL

/// An HMAC-SHA256 key resumed after a fixed first block of the message.
///
/// When the messages of one key mostly begin with the same 64 bytes (every media token an engine
/// mints begins with its element tags and the engine's session prefix), the inner hash of that
/// block is the same for all of them. It is computed once, here, and the MAC of a message that
/// begins with the block resumes from it: one SHA-256 compression fewer per message. Any other
/// message gets the key's plain MAC, so the result is always the HMAC-SHA256 of the whole message.
///
/// The resumed state is derived from the key like its pad states: held in its own allocation,
/// cleansed and freed in `deinit`. The block itself is not secret (it is the start of every token
/// body), so it is compared with plain word compares.
///
/// Thread safety: both are written only by `init` and only read afterwards.
package final class HMACSHA256PrefixState: @unchecked Sendable {
    /// The key the state was derived from; it MACs every message that does not begin with the block.
    package let key: HMACSHA256Key
    /// The block the messages begin with.
    private let block: UnsafeMutableRawBufferPointer
    /// The key's inner state after the inner pad and `block`.
    private let inner: UnsafeMutablePointer<SHA256_CTX>

    /// The key `key` resumed after `block`; `nil` unless `block` is exactly one 64-byte block,
    /// or when libcrypto fails.
    package init?(key: HMACSHA256Key, block: UnsafeRawBufferPointer) {
        guard block.count == HMACSHA256Key.blockBytes, let start = block.baseAddress else { return nil }
        let inner = UnsafeMutablePointer<SHA256_CTX>.allocate(capacity: 1)
        inner.initialize(to: SHA256_CTX())
        guard key.absorb(block, intoInnerState: inner) else {
            OPENSSL_cleanse(inner, MemoryLayout<SHA256_CTX>.stride)
            inner.deallocate()
            return nil
        }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: block.count, alignment: 8)
        copy.copyMemory(from: UnsafeRawBufferPointer(start: start, count: block.count))
        self.key = key
        self.block = copy
        self.inner = inner
    }

    deinit {
        OPENSSL_cleanse(inner, MemoryLayout<SHA256_CTX>.stride)
        inner.deallocate()
        block.deallocate()
    }

    /// HMAC-SHA256 of `data` under the key: resumed after the block when `data` begins with it.
    package func authenticationCode(for data: UnsafeRawBufferPointer) -> SHA256Digest {
        guard beginsWithBlock(data) else { return key.authenticationCode(for: data) }
        var mac = SHA256Digest.zero
        let rest = UnsafeRawBufferPointer(rebasing: data[HMACSHA256Key.blockBytes...])
        guard key.compute(rest, resuming: inner, into: &mac) else {
            fatalError("\(CryptoError("HMAC-SHA256 failed (libcrypto's SHA256_Update/SHA256_Final)"))")
        }
        return mac
    }

    /// Whether the first 64 bytes of `data` are the block: eight word compares.
    @inline(__always)
    private func beginsWithBlock(_ data: UnsafeRawBufferPointer) -> Bool {
        guard data.count >= HMACSHA256Key.blockBytes, let start = data.baseAddress else { return false }
        let expected = UnsafeRawPointer(block.baseAddress!)
        var difference: UInt64 = 0
        for offset in stride(from: 0, to: HMACSHA256Key.blockBytes, by: 8) {
            difference |=
                start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ expected.load(fromByteOffset: offset, as: UInt64.self)
        }
        return difference == 0
    }
}
