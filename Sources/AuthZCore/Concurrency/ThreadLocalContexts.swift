import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Frees the C contexts held by one per-thread slot.
typealias ThreadContextRelease = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void

/// One per-thread cache entry: the contexts one owner (a key object) uses on this thread.
struct ThreadContextSlot {
    var owner: UInt64
    var first: OpaquePointer?
    var second: OpaquePointer?
    var release: ThreadContextRelease?

    static var empty: ThreadContextSlot { ThreadContextSlot(owner: 0, first: nil, second: nil, release: nil) }
}

/// Per-thread storage of reusable libcrypto contexts, keyed by owner id, with no lock on the hot path.
///
/// One process-wide `pthread_key_t` points at a small direct-mapped table (one per thread, allocated
/// on the thread's first use). Each key object takes a never-reused owner id; its contexts live in
/// slot `id % slotCount` of the calling thread's table. A different owner that maps to the same slot
/// evicts (frees) them; the owner rebuilds them on its next call on that thread. Contexts hold their
/// own references to keys, so a context that outlives its key object stays valid until evicted or
/// until its thread exits, when the pthread destructor frees the whole table.
///
/// Rule: a `body` passed to `withContexts` must not call `withContexts` again (it could evict the
/// contexts it is using).
enum ThreadLocalContexts {
    /// Table size: owners created consecutively never collide until 64 are in use on one thread.
    static let slotCount = 64
    /// Owner id reserved for `SHA256.hash`.
    static let sha256Owner: UInt64 = 1
    private static let ownerCounter = Atomic<UInt64>(2)

    /// A fresh owner id, never handed out before in this process.
    static func makeOwnerID() -> UInt64 {
        ownerCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            guard let raw else { return }
            let slots = raw.assumingMemoryBound(to: ThreadContextSlot.self)
            for index in 0..<ThreadLocalContexts.slotCount {
                let slot = slots[index]
                if let release = slot.release { release(slot.first, slot.second) }
            }
            slots.deinitialize(count: ThreadLocalContexts.slotCount)
            slots.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed with status \(status)")
        return key
    }()

    @inline(never)
    private static func makeTable() -> UnsafeMutablePointer<ThreadContextSlot> {
        let slots = UnsafeMutablePointer<ThreadContextSlot>.allocate(capacity: slotCount)
        slots.initialize(repeating: .empty, count: slotCount)
        let status = pthread_setspecific(key, slots)
        precondition(status == 0, "pthread_setspecific failed with status \(status)")
        return slots
    }

    @inline(__always)
    private static func table() -> UnsafeMutablePointer<ThreadContextSlot> {
        if let raw = pthread_getspecific(key) {
            return raw.assumingMemoryBound(to: ThreadContextSlot.self)
        }
        return makeTable()
    }

    /// Runs `body` with this thread's contexts for `owner`, creating them with `make` on first use.
    ///
    /// Returns `nil` when `make` fails (it returns `nil`; libcrypto out of memory).
    @inline(__always)
    static func withContexts<R>(
        owner: UInt64,
        release: ThreadContextRelease,
        make: () -> (OpaquePointer, OpaquePointer?)?,
        _ body: (OpaquePointer, OpaquePointer?) -> R
    ) -> R? {
        let slot = table() + Int(truncatingIfNeeded: owner % UInt64(slotCount))
        if slot.pointee.owner != owner || slot.pointee.first == nil {
            guard let made = make() else { return nil }
            if let old = slot.pointee.release { old(slot.pointee.first, slot.pointee.second) }
            slot.pointee = ThreadContextSlot(owner: owner, first: made.0, second: made.1, release: release)
        }
        return body(slot.pointee.first.unsafelyUnwrapped, slot.pointee.second)
    }
}
