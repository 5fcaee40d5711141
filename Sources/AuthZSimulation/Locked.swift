import Foundation

/// A value behind an `NSLock` (a pthread mutex), for bookkeeping shared between threads: the
/// population's start-up results, published progress, memory samples, test ledgers. Never on a
/// request's timed path.
///
/// Not `Synchronization.Mutex`: on Linux ThreadSanitizer cannot see `Mutex`'s synchronisation (its
/// futex lives in the uninstrumented runtime) and reports the accesses it protects as races;
/// ThreadSanitizer intercepts `pthread_mutex_lock`, so the harness can run under `--sanitize=thread`.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only reached through `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
