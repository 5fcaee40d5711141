#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed number of independently locked states, each on its own cache lines.
///
/// Slot `i` holds an ``AdaptiveMutex`` followed by a `State`, in one allocation at a stride rounded
/// up to 128 bytes (two 64-byte lines, covering the adjacent-line prefetcher), so two threads
/// working on two different slots never write to the same cache line through the lock word or the
/// state's inline fields. The mutexes are initialised once in `init` and destroyed in `deinit`.
/// ``LockedCache`` uses one slot; ``ShardedCache`` uses `ReaderWriterShards` instead.
@usableFromInline
final class PaddedMutexArray<State>: @unchecked Sendable {
    // @unchecked: a slot's state is only reached through `withLock`, under the slot's mutex.

    /// The distance in bytes between two slots (a multiple of 128).
    @usableFromInline let slotStride: Int
    /// The offset of the state from the start of its slot (after the mutex).
    @usableFromInline let stateOffset: Int
    /// The number of slots.
    @usableFromInline let count: Int
    /// The first slot; the allocation is `count * slotStride` bytes, 128-byte aligned.
    @usableFromInline let base: UnsafeMutableRawPointer

    /// Allocates `count` slots (at least 1), slot `i` holding `make(i)`.
    @usableFromInline
    init(count: Int, make: (Int) -> State) {
        let count = max(1, count)
        let stateAlignment = MemoryLayout<State>.alignment
        let stateOffset =
            (MemoryLayout<pthread_mutex_t>.stride + stateAlignment - 1) / stateAlignment * stateAlignment
        self.stateOffset = stateOffset
        self.slotStride = (stateOffset + MemoryLayout<State>.stride + 127) & ~127
        self.count = count
        self.base = UnsafeMutableRawPointer.allocate(
            byteCount: slotStride * count,
            alignment: max(128, stateAlignment)
        )
        for i in 0..<count {
            let slot = base + i * slotStride
            AdaptiveMutex.initialize(at: slot)
            (slot + stateOffset).bindMemory(to: State.self, capacity: 1).initialize(to: make(i))
        }
    }

    deinit {
        for i in 0..<count {
            let slot = base + i * slotStride
            (slot + stateOffset).assumingMemoryBound(to: State.self).deinitialize(count: 1)
            AdaptiveMutex.destroy(at: slot)
        }
        base.deallocate()
    }

    /// Runs `body` on slot `index`'s state while holding that slot's mutex.
    @inlinable
    func withLock<R>(_ index: Int, _ body: (inout State) throws -> R) rethrows -> R {
        let slot = base + index &* slotStride
        return try AdaptiveMutex.withLock(at: slot) {
            try body(&(slot + stateOffset).assumingMemoryBound(to: State.self).pointee)
        }
    }
}
