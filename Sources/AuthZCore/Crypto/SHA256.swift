import COpenSSL

/// SHA-256 through libcrypto: the digest fetched once, one reused `EVP_MD_CTX` per thread.
public enum SHA256 {
    private static let release: ThreadContextRelease = { context, _ in EVP_MD_CTX_free(context) }

    /// The SHA-256 digest of `data`.
    public static func hash(_ data: UnsafeRawBufferPointer) -> SHA256Digest {
        let sha256 = FetchedAlgorithms.shared.sha256
        var digest = SHA256Digest.zero
        let ok = ThreadLocalContexts.withContexts(
            owner: ThreadLocalContexts.sha256Owner,
            release: release,
            make: { EVP_MD_CTX_new().map { ($0, nil) } },
            { context, _ in
                digestInto(&digest, context: context, md: sha256, data: data)
            }
        )
        guard ok == true else {
            fatalError("\(CryptoError("SHA-256 failed (libcrypto could not allocate or run a digest context)"))")
        }
        return digest
    }

    /// The SHA-256 digest of `bytes` (contiguous collections are hashed in place).
    public static func hash(_ bytes: some Collection<UInt8>) -> SHA256Digest {
        if let digest = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { hash($0) }
    }

    /// Init, update and final on a reused context, writing the 32 bytes into `digest`.
    @inline(__always)
    static func digestInto(
        _ digest: inout SHA256Digest,
        context: OpaquePointer,
        md: OpaquePointer,
        data: UnsafeRawBufferPointer
    ) -> Bool {
        guard EVP_DigestInit_ex2(context, md, nil) == 1,
            EVP_DigestUpdate(context, data.baseAddress, data.count) == 1
        else { return false }
        var length: UInt32 = 0
        let finished = Swift.withUnsafeMutableBytes(of: &digest.words) { out in
            EVP_DigestFinal_ex(context, out.baseAddress!.assumingMemoryBound(to: UInt8.self), &length)
        }
        return finished == 1 && length == 32
    }
}
