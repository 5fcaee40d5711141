import COpenSSL

/// libcrypto algorithm objects fetched once per process (never the implicit-fetch conveniences).
struct FetchedAlgorithms: @unchecked Sendable {
    /// `EVP_MD_fetch(nil, "SHA256", nil)`; immutable and shareable between threads once fetched.
    let sha256: OpaquePointer

    /// The process-wide algorithms, fetched on first use.
    static let shared: FetchedAlgorithms = {
        guard let sha256 = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("\(CryptoError("EVP_MD_fetch(SHA256) failed: libcrypto's default provider is unusable"))")
        }
        return FetchedAlgorithms(sha256: sha256)
    }()
}

/// Owns one `EVP_PKEY` (parsed once); libcrypto allows concurrent use of a key by many contexts.
package final class OwnedPKey: @unchecked Sendable {
    /// The key; freed in `deinit`. Contexts made from it hold their own reference.
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }
}
