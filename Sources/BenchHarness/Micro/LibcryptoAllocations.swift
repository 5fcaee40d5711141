import COpenSSL
import Synchronization

/// Counts libcrypto's own heap allocations, through `CRYPTO_set_mem_functions`.
///
/// Installed once at process start (libcrypto accepts new memory functions only before its first
/// allocation). Counting is off except while `count(_:)` runs, so the hooks cost one relaxed load per
/// libcrypto allocation the rest of the time.
package enum LibcryptoAllocations {
    private static let installed = Atomic<Bool>(false)

    /// Installs the counting hooks; call first thing in `main`, before libcrypto allocates. Returns
    /// whether libcrypto accepted them.
    @discardableResult
    package static func install() -> Bool {
        let accepted = CRYPTO_set_mem_functions(countingMalloc, countingRealloc, countingFree) == 1
        installed.store(accepted, ordering: .releasing)
        return accepted
    }

    /// Whether the hooks are in place (allocation counts are then reported).
    package static var isInstalled: Bool { installed.load(ordering: .acquiring) }

    /// Runs `body` with counting on and returns how many allocations libcrypto made meanwhile
    /// (on every thread; run single-threaded work only).
    package static func count(_ body: () -> Void) -> Int {
        let before = allocationCount.load(ordering: .acquiring)
        countingEnabled.store(true, ordering: .releasing)
        body()
        countingEnabled.store(false, ordering: .releasing)
        return allocationCount.load(ordering: .acquiring) - before
    }
}

private let countingEnabled = Atomic<Bool>(false)
private let allocationCount = Atomic<Int>(0)

private func countingMalloc(_ size: Int, _ file: UnsafePointer<CChar>?, _ line: Int32) -> UnsafeMutableRawPointer? {
    if countingEnabled.load(ordering: .relaxed) { allocationCount.add(1, ordering: .relaxed) }
    return malloc(size)
}

private func countingRealloc(
    _ pointer: UnsafeMutableRawPointer?,
    _ size: Int,
    _ file: UnsafePointer<CChar>?,
    _ line: Int32
) -> UnsafeMutableRawPointer? {
    if countingEnabled.load(ordering: .relaxed) { allocationCount.add(1, ordering: .relaxed) }
    return realloc(pointer, size)
}

private func countingFree(_ pointer: UnsafeMutableRawPointer?, _ file: UnsafePointer<CChar>?, _ line: Int32) {
    free(pointer)
}
