import COpenSSL

/// libcrypto's process-wide initialisation, without the clean-up it would otherwise run at exit.
///
/// By default libcrypto registers `OPENSSL_cleanup` with `atexit`. That clean-up deletes the
/// thread-local keys through which each thread's own libcrypto state (its random generators, its
/// error queue) is freed when the thread ends, and frees the shared state under any thread still
/// using it. A benchmark or a test process exits while worker threads may still be ending or
/// verifying: a thread that ends after the clean-up leaks its state (LeakSanitizer reports it), one
/// still signing reads freed memory. The process's exit returns the memory either way.
enum LibCrypto {
    private static let initialized: Bool = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil) == 1

    /// Initialises libcrypto once, before the first call that would initialise it with the
    /// exit-time clean-up: every path into libcrypto that fetches, parses or generates calls it.
    @inline(__always)
    static func initialize() {
        _ = initialized
    }
}

/// libcrypto algorithm objects fetched once per process (never the implicit-fetch conveniences).
struct FetchedAlgorithms: @unchecked Sendable {
    /// `EVP_MD_fetch(nil, "SHA256", nil)`; immutable and shareable between threads once fetched.
    let sha256: OpaquePointer

    /// The process-wide algorithms, fetched on first use.
    static let shared: FetchedAlgorithms = {
        LibCrypto.initialize()
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
