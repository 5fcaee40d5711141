/// Byte equality of tokens, in constant time for equal lengths.
@usableFromInline
enum TokenBytes {
    /// Whether `lhs` and `rhs` hold the same bytes; the time depends only on their lengths.
    @inlinable
    static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { l in rhs.withUnsafeBytes { r in ConstantTime.equals(l, r) } }
    }
}
