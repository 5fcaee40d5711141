import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small per-thread number, unique among live threads, that indexes per-thread reader records.
///
/// A thread takes the lowest free number in `0..<capacity` on its first call to ``current`` and
/// gives it back when it exits (a `pthread_key_t` destructor), so a number has one owner at a time
/// and each owner's record in a `ReaderWriterShards` has a single writer. When all numbers are
/// taken, ``current`` returns -1 for the calling thread for the rest of its life (callers then use
/// their locked path). ``highWater`` bounds the numbers ever handed out, so a writer scanning the
/// records of live readers only looks at that many.
@usableFromInline
package enum ReaderThreadSlot {
    /// The most numbers handed out at once (one bit each in `taken`).
    @usableFromInline package static let capacity = 64
    /// The value stored in the thread-specific key for a thread that found no free number.
    private static let none = capacity + 1

    /// Bit `i` set: number `i` belongs to a live thread.
    private static let taken = Atomic<UInt64>(0)
    /// One more than the largest number ever handed out (0 before any).
    @usableFromInline static let highWaterMark = Atomic<Int>(0)

    /// The per-thread value: number + 1 (0 = not asked yet, `none` = no number available).
    @usableFromInline static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            let value = Int(bitPattern: raw)
            guard value > 0, value <= ReaderThreadSlot.capacity else { return }
            ReaderThreadSlot.release(value - 1)
        }
        precondition(status == 0, "pthread_key_create failed with status \(status)")
        return key
    }()

    /// The calling thread's number in `0..<capacity`, or -1 when none is available.
    ///
    /// - Complexity: O(1): one `pthread_getspecific` after the thread's first call.
    @inlinable
    package static var current: Int { current(key: key) }

    /// ``current``, given ``key`` (which a hot path keeps in a stored property: reading the
    /// static goes through `swift_once` on every call).
    @inlinable
    static func current(key: pthread_key_t) -> Int {
        let value = Int(bitPattern: pthread_getspecific(key))
        if value > 0 { return value <= capacity ? value - 1 : -1 }
        return acquire()
    }

    /// One more than the largest number ever handed out: readers' records beyond it are unused.
    ///
    /// Sequentially consistent: a writer that raised its flag and then reads an old mark cannot
    /// miss a reader with a newer number, because that reader published the mark before its own
    /// record and then reads the flag (one total order over the three).
    @inlinable
    package static var highWater: Int { highWaterMark.load(ordering: .sequentiallyConsistent) }

    @usableFromInline @inline(never)
    static func acquire() -> Int {
        var bits = taken.load(ordering: .relaxed)
        while true {
            guard bits != .max else {
                pthread_setspecific(key, UnsafeRawPointer(bitPattern: none))
                return -1
            }
            let number = (~bits).trailingZeroBitCount
            let (exchanged, original) = taken.compareExchange(
                expected: bits,
                desired: bits | (1 << UInt64(number)),
                ordering: .acquiringAndReleasing
            )
            if exchanged {
                var high = highWaterMark.load(ordering: .relaxed)
                while high <= number {
                    let (done, seen) = highWaterMark.compareExchange(
                        expected: high,
                        desired: number + 1,
                        ordering: .sequentiallyConsistent
                    )
                    if done { break }
                    high = seen
                }
                let status = pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
                precondition(status == 0, "pthread_setspecific failed with status \(status)")
                return number
            }
            bits = original
        }
    }

    private static func release(_ number: Int) {
        taken.bitwiseAnd(~(1 << UInt64(number)), ordering: .releasing)
    }
}
