import COpenSSL

/// Comparisons whose running time does not depend on the contents of the compared bytes.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes; `CRYPTO_memcmp`, so only the length may leak.
    ///
    /// Different lengths return false at once: lengths are not secret.
    @inline(__always)
    public static func equals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let left = a.baseAddress, let right = b.baseAddress else { return true }
        return CRYPTO_memcmp(left, right, a.count) == 0
    }
}
