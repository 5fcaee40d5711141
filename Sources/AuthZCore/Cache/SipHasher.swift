#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The round counts of a SipHash variant.
@usableFromInline
package protocol SipRounds {
    /// Rounds per 8-byte block.
    static var compression: Int { get }
    /// Rounds after the last block.
    static var finalization: Int { get }
}

/// SipHash-1-3: the variant Swift's `Hasher` uses.
@usableFromInline
package enum SipRounds13: SipRounds {
    /// One round per block.
    @inlinable package static var compression: Int { 1 }
    /// Three rounds to finish.
    @inlinable package static var finalization: Int { 3 }
}

/// SipHash-2-4: the variant of the SipHash paper's reference vectors (used by the tests).
@usableFromInline
package enum SipRounds24: SipRounds {
    /// Two rounds per block.
    @inlinable package static var compression: Int { 2 }
    /// Four rounds to finish.
    @inlinable package static var finalization: Int { 4 }
}

/// The per-process random 128-bit key of the hot path's cache-key hashes.
///
/// Drawn once from the system's random source, like the seed of Swift's `Hasher`; zero when
/// `SWIFT_DETERMINISTIC_HASHING` is set, as `Hasher` does, so that instruction counts
/// (`scripts/ci-bench.sh --instructions`) do not depend on the run.
@usableFromInline
enum SipKey {
    @usableFromInline static let process: (UInt64, UInt64) = {
        if getenv("SWIFT_DETERMINISTIC_HASHING") != nil { return (0, 0) }
        var random = SystemRandomNumberGenerator()
        return (random.next(), random.next())
    }()
}

/// SipHash over a message of whole 64-bit words, then an optional tail of bytes, written inline.
///
/// The cache keys of the hot path (``TokenBytesKey``, ``AuthorizationKey``) hash the same function
/// Swift's `Hasher` computes (SipHash-1-3 under a per-process random key), but feed it here: the
/// standard library's `Hasher` is not inlinable, so each word would cost a call and its
/// buffering, and its code sits in another library, away from the rest of the check path's
/// instructions. Words are read as little-endian, so the result is SipHash of the bytes as
/// they lie in memory; the tests check it against the SipHash paper's reference vectors (2-4) and
/// CPython's SipHash-1-3.
@usableFromInline
package struct SipHasher<Rounds: SipRounds>: Sendable {
    @usableFromInline var v0: UInt64
    @usableFromInline var v1: UInt64
    @usableFromInline var v2: UInt64
    @usableFromInline var v3: UInt64
    /// Bytes absorbed so far.
    @usableFromInline var length: UInt64 = 0

    /// A hasher under `key`.
    @inlinable
    package init(key: (UInt64, UInt64)) {
        v0 = key.0 ^ 0x736F_6D65_7073_6575
        v1 = key.1 ^ 0x646F_7261_6E64_6F6D
        v2 = key.0 ^ 0x6C79_6765_6E65_7261
        v3 = key.1 ^ 0x7465_6462_7974_6573
    }

    /// A hasher under the process's key (``SipKey/process``).
    @inlinable
    package init() {
        self.init(key: SipKey.process)
    }

    @inlinable @inline(__always)
    mutating func round() {
        v0 &+= v1
        v1 = v1.rotatedLeft(13) ^ v0
        v0 = v0.rotatedLeft(32)
        v2 &+= v3
        v3 = v3.rotatedLeft(16) ^ v2
        v0 &+= v3
        v3 = v3.rotatedLeft(21) ^ v0
        v2 &+= v1
        v1 = v1.rotatedLeft(17) ^ v2
        v2 = v2.rotatedLeft(32)
    }

    @inlinable @inline(__always)
    mutating func absorb(_ block: UInt64) {
        v3 ^= block
        for _ in 0..<Rounds.compression { round() }
        v0 ^= block
    }

    /// Appends the 8 bytes of `word` (least significant first).
    @inlinable @inline(__always)
    package mutating func combine(_ word: UInt64) {
        absorb(word)
        length &+= 8
    }

    /// Appends the 8 bytes at `offset` in `base`.
    @inlinable @inline(__always)
    package mutating func combine(wordAt offset: Int, in base: UnsafeRawPointer) {
        combine(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    /// Appends `bytes`, then returns the hash of everything appended.
    @inlinable
    package mutating func finalize(appending bytes: UnsafeRawBufferPointer) -> UInt64 {
        var offset = 0
        if let base = bytes.baseAddress {
            while offset &+ 8 <= bytes.count {
                combine(wordAt: offset, in: base)
                offset &+= 8
            }
        }
        var last = (length &+ UInt64(bytes.count &- offset)) &<< 56
        var shift: UInt64 = 0
        while offset < bytes.count {
            last |= UInt64(bytes[offset]) &<< shift
            shift &+= 8
            offset &+= 1
        }
        absorb(last)
        v2 ^= 0xFF
        for _ in 0..<Rounds.finalization { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// Returns the hash of the words appended: `finalize(appending:)` with no bytes, written out so
    /// that it inlines without that function's byte loops (two calls per warm check).
    @inlinable @inline(__always)
    package mutating func finalize() -> UInt64 {
        finalize(appendingTail: 0, byteCount: 0)
    }

    /// Appends the `byteCount` (0 to 7) low bytes of `tail`, least significant first (the bytes
    /// above them must be zero), then returns the hash of everything appended: what
    /// `finalize(appending:)` returns for those bytes, in the final block, with no byte loop.
    @inlinable @inline(__always)
    package mutating func finalize(appendingTail tail: UInt64, byteCount: Int) -> UInt64 {
        absorb((length &+ UInt64(truncatingIfNeeded: byteCount)) &<< 56 | tail)
        v2 ^= 0xFF
        for _ in 0..<Rounds.finalization { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension SipHasher where Rounds == SipRounds13 {
    /// The hash of `bytes` under the process's key, as an `Int` (a key's precomputed hash).
    @inlinable
    static func hash(bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Self()
        return Int(truncatingIfNeeded: hasher.finalize(appending: bytes))
    }

    /// The hash of `text`'s UTF-8 bytes under the process's key, as an `Int`: in place when the
    /// string's UTF-8 is contiguous, else from a copy.
    @inlinable
    static func hash(utf8 text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable { hash(bytes: UnsafeRawBufferPointer($0)) }
            ?? Array(text.utf8).withUnsafeBytes(hash(bytes:))
    }
}

extension UInt64 {
    /// The bits rotated left by `n` (`0 < n < 64`).
    @inlinable @inline(__always)
    func rotatedLeft(_ n: UInt64) -> UInt64 {
        (self &<< n) | (self &>> (64 &- n))
    }
}

/// The hash function of the hot path's cache keys: SipHash-1-3 under the process's random key.
@usableFromInline
package typealias KeyHasher = SipHasher<SipRounds13>
