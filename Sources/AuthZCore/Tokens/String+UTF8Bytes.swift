extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for a native string (a small one is
    /// put on the stack by the standard library), without copying the string value; any other
    /// string is copied once.
    ///
    /// `withUTF8` needs a mutable copy of the string, and that copy retains and releases the
    /// string's storage around every call (an atomic pair per field on the hot path).
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return withCopiedUTF8Bytes(body)
    }

    /// `withUTF8Bytes(_:)` for a string without contiguous UTF-8. Kept out of line: inlined, its
    /// copy of the string made the optimiser retain and release every string on the common path.
    @inline(never)
    private func withCopiedUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var copy = self
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
