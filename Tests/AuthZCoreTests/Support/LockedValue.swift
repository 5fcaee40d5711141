import Foundation

/// A value behind an `NSLock` for test bookkeeping shared between threads.
///
/// Not `Synchronization.Mutex`: on Linux ThreadSanitizer cannot see its synchronisation and reports
/// the accesses it protects as races; `NSLock` is a pthread mutex, which ThreadSanitizer intercepts.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

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
