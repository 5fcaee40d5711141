#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte equality of two strings' UTF-8, for cache keys.
///
/// `String ==` compares canonical equivalence: when the two strings do not share storage it goes
/// through the standard library's general comparison, several times the cost of a `memcmp`. Cache
/// keys are identifiers taken byte for byte from tokens and requests, so byte equality is the right
/// relation. It is stricter than `==` (two canonically equivalent spellings with different bytes
/// are different keys: a miss, never a wrong hit), so it stays consistent with a hash of the
/// bytes (``AuthNGUID``). Identical storage (and identical small strings, held inline) answers first.
@usableFromInline
package enum UTF8Equality {
    /// Whether `a` and `b` hold the same UTF-8 bytes.
    @inlinable @inline(__always)
    package static func equal(_ a: String, _ b: String) -> Bool {
        if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) {
            return true
        }
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        if count == 0 { return true }
        return a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                memcmp(x.baseAddress!, y.baseAddress!, count) == 0
            }
        }.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)  // not contiguous (bridged): byte by byte too
    }
}
