#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock of `PaddedMutexArray`'s slots and `ReaderWriterShards`' shards: a `pthread_mutex_t`
/// of glibc's adaptive type (`PTHREAD_MUTEX_ADAPTIVE_NP`), placed in memory its owner allocated.
///
/// Adaptive, because two threads that meet on one lock then spin for a few nanoseconds instead of
/// paying two futex system calls. A pthread mutex rather than `Synchronization.Mutex` (slightly
/// cheaper uncontended), because ThreadSanitizer intercepts `pthread_mutex_lock` but cannot see
/// `Mutex`'s synchronisation on Linux (its futex and atomics live in the uninstrumented runtime):
/// it would report the state a `Mutex` protects as raced, which would fail the concurrency tests
/// under `--sanitize=thread` and hide real races.
@usableFromInline
enum AdaptiveMutex {
    /// Binds and initialises an adaptive mutex at `address` (aligned for `pthread_mutex_t`).
    static func initialize(at address: UnsafeMutableRawPointer) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        let mutex = address.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, &attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    /// Destroys the mutex at `address`, which no thread may hold.
    static func destroy(at address: UnsafeMutableRawPointer) {
        pthread_mutex_destroy(address.assumingMemoryBound(to: pthread_mutex_t.self))
    }

    /// Runs `body` holding the mutex at `address`.
    @inlinable @inline(__always)
    static func withLock<R>(at address: UnsafeMutableRawPointer, _ body: () throws -> R) rethrows -> R {
        let mutex = address.assumingMemoryBound(to: pthread_mutex_t.self)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
