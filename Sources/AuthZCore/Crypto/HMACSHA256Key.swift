import COpenSSL

/// An HMAC-SHA256 key: a template `EVP_MAC_CTX` keyed once, duplicated into one context per thread.
public final class HMACSHA256Key: Sendable {
    private let template: MACContextTemplate
    private let owner = ThreadLocalContexts.makeOwnerID()

    private static let release: ThreadContextRelease = { context, _ in EVP_MAC_CTX_free(context) }

    /// Keys a template context with `key` (any length, empty included) and SHA-256.
    public init(key: some Collection<UInt8>) throws {
        let keyBytes = Array(key)
        guard let context = EVP_MAC_CTX_new(FetchedAlgorithms.shared.hmac) else {
            throw CryptoError("EVP_MAC_CTX_new(HMAC) failed")
        }
        let template = MACContextTemplate(context)
        // OSSL_PARAM keeps the key pointer: it must outlive the set_params call (a temporary C string
        // of OSSL_MAC_PARAM_DIGEST would be freed before libcrypto reads it).
        let digestSet = OSSL_MAC_PARAM_DIGEST.withCString { key in
            "SHA256".withCString { name -> Int32 in
                var params = [
                    OSSL_PARAM_construct_utf8_string(key, UnsafeMutablePointer(mutating: name), 0),
                    OSSL_PARAM_construct_end(),
                ]
                return EVP_MAC_CTX_set_params(context, &params)
            }
        }
        guard digestSet == 1 else { throw CryptoError("EVP_MAC_CTX_set_params(digest SHA256) failed") }
        // A nil key pointer means "keep the current key" and an empty array may have no address.
        // HMAC zero-pads keys shorter than the block (RFC 2104), so the one-byte key 0x00 defines
        // the same function as the empty key (checked by the tests' empty-key known answer).
        let storage = keyBytes.isEmpty ? [UInt8](repeating: 0, count: 1) : keyBytes
        let initialised = storage.withUnsafeBufferPointer { buffer in
            EVP_MAC_init(context, buffer.baseAddress, buffer.count, nil)
        }
        guard initialised == 1 else { throw CryptoError("EVP_MAC_init(HMAC-SHA256) failed") }
        self.template = template
    }

    /// Keys with `key` as `init(key:)` does, but stops the process where that would throw: for the
    /// hs256 key types' non-throwing initialisers, which only libcrypto running out of memory fails.
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
            fatalError("\(CryptoError("HMAC-SHA256 failed (libcrypto could not allocate or run a MAC context)"))")
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

    /// Runs init (reusing the key), update and final on this thread's context.
    @inline(__always)
    func compute(_ data: UnsafeRawBufferPointer, into mac: inout SHA256Digest) -> Bool {
        let template = self.template.pointer
        let ok = ThreadLocalContexts.withContexts(
            owner: owner,
            release: HMACSHA256Key.release,
            make: { EVP_MAC_CTX_dup(template).map { ($0, nil) } }
        ) { context, _ -> Bool in
            guard EVP_MAC_init(context, nil, 0, nil) == 1,
                  EVP_MAC_update(context, data.baseAddress, data.count) == 1
            else { return false }
            var length = 0
            let finished = Swift.withUnsafeMutableBytes(of: &mac.words) { out in
                EVP_MAC_final(context, out.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, out.count)
            }
            return finished == 1 && length == SHA256Digest.byteCount
        }
        if ok != true { ERR_clear_error() }
        return ok == true
    }
}

/// Owns the keyed template `EVP_MAC_CTX` that per-thread contexts are duplicated from.
final class MACContextTemplate: @unchecked Sendable {
    /// Only read (by `EVP_MAC_CTX_dup`) after initialisation.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_MAC_CTX_free(pointer)
    }
}
