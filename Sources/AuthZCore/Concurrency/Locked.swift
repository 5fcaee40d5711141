#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex, for bookkeeping shared between threads: the population's
/// start-up results, published progress, memory samples, a worker's inbox, test ledgers. Never on
/// a request's timed path.
///
/// Not `Synchronization.Mutex`: on Linux ThreadSanitizer cannot see `Mutex`'s synchronisation (its
/// futex lives in the uninstrumented runtime) and reports the accesses it protects as races;
/// ThreadSanitizer intercepts `pthread_mutex_lock`, so the harness can run under `--sanitize=thread`.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only reached through `withLock`, under `mutex`.
    private let mutex: UnsafeMutableRawPointer
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(
            byteCount: MemoryLayout<pthread_mutex_t>.size,
            alignment: MemoryLayout<pthread_mutex_t>.alignment
        )
        AdaptiveMutex.initialize(at: mutex)
    }

    deinit {
        AdaptiveMutex.destroy(at: mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try AdaptiveMutex.withLock(at: mutex) { try body(&value) }
    }
}
