import COpenSSL

/// Building and freeing the per-thread libcrypto contexts used by `VerifyingKey` and `SigningKey`.
///
/// ES256/RS256 use a reused `EVP_MD_CTX` (SHA-256, fetched once) plus an `EVP_PKEY_CTX` initialised
/// ONCE per thread with `EVP_PKEY_verify_init`/`EVP_PKEY_sign_init` and the signature digest; each
/// call then hashes and runs `EVP_PKEY_verify`/`EVP_PKEY_sign` over the 32-byte digest. Measured
/// against `EVP_DigestVerifyInit_ex` per call (OpenSSL 3.0, one core): ECDSA P-256 verify 42.4 vs
/// 44.2 us, RSA-2048 verify 13.3 vs 14.7 us, and 37 vs 52 (EC) / 13 vs 26 (RSA) libcrypto
/// allocations per call. `EVP_DigestVerifyInit_ex` builds a new `EVP_PKEY_CTX` and re-fetches the
/// signature and digest by name on every call (store lookups under a lock shared by all threads);
/// the reused context skips all of that. Ed25519 has no separate digest, so it is the documented
/// one-shot: `EVP_DigestVerifyInit_ex` + `EVP_DigestVerify` on a reused `EVP_MD_CTX`.
enum SignatureContexts {
    /// Frees an `(EVP_MD_CTX, EVP_PKEY_CTX?)` pair.
    static let release: ThreadContextRelease = { digestContext, keyContext in
        EVP_MD_CTX_free(digestContext)
        EVP_PKEY_CTX_free(keyContext)
    }

    /// Contexts for one thread: a digest context and, except for Ed25519, a ready key context.
    static func make(
        key: OpaquePointer,
        algorithm: SignatureAlgorithm,
        signing: Bool
    ) -> (OpaquePointer, OpaquePointer?)? {
        guard let digestContext = EVP_MD_CTX_new() else {
            ERR_clear_error()
            return nil
        }
        if algorithm == .ed25519 { return (digestContext, nil) }
        guard let keyContext = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            EVP_MD_CTX_free(digestContext)
            ERR_clear_error()
            return nil
        }
        var ok =
            (signing ? EVP_PKEY_sign_init(keyContext) : EVP_PKEY_verify_init(keyContext)) == 1
            && EVP_PKEY_CTX_set_signature_md(keyContext, FetchedAlgorithms.shared.sha256) == 1
        if ok && algorithm == .rs256 {
            ok = EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
        }
        guard ok else {
            EVP_PKEY_CTX_free(keyContext)
            EVP_MD_CTX_free(digestContext)
            ERR_clear_error()
            return nil
        }
        return (digestContext, keyContext)
    }

    /// SHA-256 of `message` with the reused digest context, into a stack value.
    @inline(__always)
    static func digest(_ message: UnsafeRawBufferPointer, context: OpaquePointer) -> SHA256Digest? {
        var digest = SHA256Digest.zero
        guard SHA256.digestInto(&digest, context: context, md: FetchedAlgorithms.shared.sha256, data: message) else {
            return nil
        }
        return digest
    }
}
