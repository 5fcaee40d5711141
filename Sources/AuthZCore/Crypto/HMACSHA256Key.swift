import COpenSSL

/// An HMAC-SHA256 key held as its two precomputed SHA-256 states (RFC 2104).
///
/// The key absorbs its inner pad (`key ^ 0x36`) and outer pad (`key ^ 0x5c`) once, when it is made.
/// Each MAC copies the inner state by value, hashes the message and finishes it, then copies the
/// outer state and hashes the 32-byte inner digest: SHA-256 compresses the message's blocks and two
/// final blocks, and nothing else runs (no context reinitialisation, no key schedule, no lookup of a
/// per-thread context, no allocation). libcrypto's own SHA-256 (`SHA256_Update`/`SHA256_Final` on a
/// caller-held `SHA256_CTX`) does the hashing. `EVP_MAC_init` re-keying a reused context, the
/// documented alternative, ran 1.7–2x slower on 160-byte messages; `authz-bench micro` keeps it as
/// a reference loop beside this one's direct-libcrypto floor.
///
/// Thread safety: the two states are written only by `init` and only read (copied) afterwards, so
/// any number of threads may use one key at once.
public final class HMACSHA256Key: @unchecked Sendable {
    /// The inner state at index 0, the outer state at index 1; cleansed and freed in `deinit`.
    private let states: UnsafeMutablePointer<SHA256_CTX>

    /// HMAC's block size in bytes (SHA-256's).
    static let blockBytes = 64

    /// Absorbs `key` (any length, empty included) into the inner and outer states.
    ///
    /// Keys longer than the 64-byte block are replaced by their SHA-256, shorter ones zero-padded
    /// (RFC 2104), so the empty key and the one-byte key 0x00 define the same function.
    public init(key: some Collection<UInt8>) throws {
        var block = [UInt8](repeating: 0, count: Self.blockBytes)
        defer { block.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        if key.count > Self.blockBytes {
            SHA256.hash(key).withUnsafeBytes { digest in
                for index in 0..<digest.count { block[index] = digest[index] }
            }
        } else {
            for (index, byte) in key.enumerated() { block[index] = byte }
        }
        let states = UnsafeMutablePointer<SHA256_CTX>.allocate(capacity: 2)
        states.initialize(repeating: SHA256_CTX(), count: 2)
        guard Self.absorb(block, pad: 0x36, into: states), Self.absorb(block, pad: 0x5c, into: states + 1) else {
            OPENSSL_cleanse(states, 2 * MemoryLayout<SHA256_CTX>.stride)
            states.deallocate()
            throw CryptoError("SHA256_Init/SHA256_Update (HMAC-SHA256 key states) failed")
        }
        self.states = states
    }

    /// Starts `state` and hashes one block of `block ^ pad`.
    private static func absorb(_ block: [UInt8], pad: UInt8, into state: UnsafeMutablePointer<SHA256_CTX>) -> Bool {
        var padded = block.map { $0 ^ pad }
        defer { padded.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        return authz_sha256_init(state) == 1
            && padded.withUnsafeBytes { authz_sha256_update(state, $0.baseAddress, $0.count) } == 1
    }

    deinit {
        OPENSSL_cleanse(states, 2 * MemoryLayout<SHA256_CTX>.stride)
        states.deallocate()
    }

    /// Keys with `key` as `init(key:)` does, but stops the process where that would throw: for the
    /// hs256 key types' non-throwing initialisers (libcrypto's SHA-256 of a block does not fail).
    static func makeOrStop(key: some Collection<UInt8>) -> HMACSHA256Key {
        do {
            return try HMACSHA256Key(key: key)
        } catch {
            fatalError("\(error)")
        }
    }

    /// HMAC-SHA256 of `data` under this key.
    public func authenticationCode(for data: UnsafeRawBufferPointer) -> SHA256Digest {
        var mac = SHA256Digest.zero
        guard compute(data, into: &mac) else {
            fatalError("\(CryptoError("HMAC-SHA256 failed (libcrypto's SHA256_Update/SHA256_Final)"))")
        }
        return mac
    }

    /// HMAC-SHA256 of `bytes` under this key.
    public func authenticationCode(for bytes: some Collection<UInt8>) -> SHA256Digest {
        if let mac = bytes.withContiguousStorageIfAvailable({ authenticationCode(for: UnsafeRawBufferPointer($0)) }) {
            return mac
        }
        return Array(bytes).withUnsafeBytes { authenticationCode(for: $0) }
    }

    /// True when `mac` is exactly the 32-byte HMAC of `data`, compared in constant time.
    public func isValidAuthenticationCode(_ mac: UnsafeRawBufferPointer, for data: UnsafeRawBufferPointer) -> Bool {
        guard mac.count == SHA256Digest.byteCount else { return false }
        var expected = SHA256Digest.zero
        guard compute(data, into: &expected) else { return false }
        return expected.withUnsafeBytes { ConstantTime.equals($0, mac) }
    }

    /// Inner state copy + message + final, outer state copy + inner digest + final, into `mac`.
    ///
    /// The copies live on this call's stack and hold no key state when it returns: the key's own
    /// states are never written.
    @inline(__always)
    func compute(_ data: UnsafeRawBufferPointer, into mac: inout SHA256Digest) -> Bool {
        compute(data, resuming: states, into: &mac)
    }

    /// Writes into `target` the inner state after the inner pad and `block` (whole 64-byte blocks,
    /// so nothing is left buffered): where `compute(_:resuming:into:)` resumes for messages that
    /// begin with `block`. False when libcrypto fails.
    func absorb(_ block: UnsafeRawBufferPointer, intoInnerState target: UnsafeMutablePointer<SHA256_CTX>) -> Bool {
        precondition(block.count % Self.blockBytes == 0, "a resumed inner state must end on a block boundary")
        target.pointee = states.pointee
        return authz_sha256_update(target, block.baseAddress, block.count) == 1
    }

    /// `compute(_:into:)` from `innerState`, an inner state that has absorbed the inner pad and
    /// possibly whole blocks of the message before `data`.
    @inline(__always)
    func compute(
        _ data: UnsafeRawBufferPointer,
        resuming innerState: UnsafePointer<SHA256_CTX>,
        into mac: inout SHA256Digest
    )
        -> Bool
    {
        var context = innerState.pointee
        var inner = SHA256Digest.zero
        var ok =
            authz_sha256_update(&context, data.baseAddress, data.count) == 1
            && Swift.withUnsafeMutableBytes(of: &inner.words) { out in
                authz_sha256_final(out.baseAddress!.assumingMemoryBound(to: UInt8.self), &context)
            } == 1
        if ok {
            context = states[1]
            ok =
                Swift.withUnsafeBytes(of: inner.words) { authz_sha256_update(&context, $0.baseAddress, $0.count) } == 1
                && Swift.withUnsafeMutableBytes(of: &mac.words) { out in
                    authz_sha256_final(out.baseAddress!.assumingMemoryBound(to: UInt8.self), &context)
                } == 1
        }
        // The copy starts as a key state (the inner, then the outer pad's). A finished SHA-256
        // leaves none: libcrypto's final replaces the chaining state with the digest and cleanses
        // its block buffer. Only a call that failed before its final can leave one on this stack,
        // so only that call pays for the cleanse (the key's own states are cleansed in `deinit`).
        if !ok { Swift.withUnsafeMutableBytes(of: &context) { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        return ok
    }
}
