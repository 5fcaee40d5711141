import Foundation

/// A value behind an `NSLock` (a pthread mutex), for the harness's bookkeeping shared between
/// threads: start-up results, published progress, memory samples. Never on a request's timed path.
///
/// Not `Synchronization.Mutex`: on Linux ThreadSanitizer cannot see `Mutex`'s synchronisation (its
/// futex lives in the uninstrumented runtime) and reports the accesses it protects as races;
/// ThreadSanitizer intercepts `pthread_mutex_lock`, so the harness can run under `--sanitize=thread`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only reached through `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
