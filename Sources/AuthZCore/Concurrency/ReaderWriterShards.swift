import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Shards whose lookups write no shared cache line: a per-shard mutex and "writer" flag for
/// writers, per-thread reader records for readers (a distributed reader-writer lock).
///
/// Layout: shard `i` is a slot of `slotStride` bytes (a multiple of 128, 128-byte aligned): the
/// `pthread_mutex_t` alone on the first 128 bytes, then the writer flag (`Atomic<Int>`) and the
/// `State` from byte 128. Readers never touch the mutex line, and only read the flag/state lines,
/// which thus stay shared in every core's cache until a writer changes the shard. Readers'
/// records (`ReaderRecord`) are a second allocation, one 128-byte block per
/// `ReaderThreadSlot` number, so a reader writes only its own block.
///
/// Protocol (a Dekker-style handshake; every step marked SC is sequentially consistent):
/// - Shared read (``withSharedAccess(_:reader:_:)``): store `shard + 1` in the thread's
///   `active` (SC); load the shard's flag (SC); if it is raised, store 0 (release) and give up
///   (the caller takes the mutex); else run the read-only body, then store 0 in `active`
///   (release). The body may write only through atomics (SIEVE's visited bits) and the thread's
///   own record.
/// - Exclusive access (``excludeReaders(_:)`` under the mutex): raise the flag (SC), then wait
///   until no record's `active` (SC loads, up to ``ReaderThreadSlot/highWater``) names the shard;
///   mutate; lower the flag (release) with ``admitReaders(_:)``; unlock.
/// - In the single total order of SC operations, either the reader's load sees the raised flag
///   (and it backs off) or the writer's load sees the reader's `active` (and it waits for the
///   release store that ends the read, which orders the read before the writes). A reader that
///   sees the flag lowered acquires the writer's release store, so it sees every write.
/// - Mutex-only access (``withLock(_:_:)``) runs concurrently with shared readers: it may read
///   the state and write fields that readers never read (counters), nothing else.
///
/// ThreadSanitizer sees all of it: the mutex through its `pthread_mutex_lock` interceptor, the
/// handshake through `Synchronization.Atomic` (see ``AdaptiveMutex`` for why the mutex is a
/// glibc adaptive `pthread_mutex_t`).
@usableFromInline
final class ReaderWriterShards<State>: @unchecked Sendable {
    // @unchecked: a shard's state is mutated only under its mutex with readers excluded, and read
    // concurrently only by shared readers that the protocol above orders against those writes.

    /// The distance in bytes between two shards (a multiple of 128).
    @usableFromInline let slotStride: Int
    /// The offset of the state from the start of its slot (after the flag).
    @usableFromInline let stateOffset: Int
    /// The number of shards.
    @usableFromInline let count: Int
    /// The first shard; the allocation is `count * slotStride` bytes, 128-byte aligned.
    @usableFromInline let base: UnsafeMutableRawPointer
    /// The readers' records, `ReaderThreadSlot.capacity` blocks of 128 bytes.
    @usableFromInline let readers: UnsafeMutableRawPointer
    /// ``ReaderThreadSlot/key``, copied here so that the hot path does not go through the
    /// static's one-time initialisation check.
    @usableFromInline let threadKey: pthread_key_t

    /// The offset of the writer flag from the start of its slot: the mutex has the first line pair.
    @usableFromInline static var flagOffset: Int { 128 }
    /// The distance between two readers' records.
    @usableFromInline static var readerStride: Int { 128 }

    /// Allocates `count` shards (at least 1), shard `i` holding `make(i)`.
    @usableFromInline
    init(count: Int, make: (Int) -> State) {
        precondition(MemoryLayout<pthread_mutex_t>.size <= Self.flagOffset)
        precondition(MemoryLayout<ReaderRecord>.size <= Self.readerStride)
        let count = max(1, count)
        let alignment = max(MemoryLayout<State>.alignment, MemoryLayout<Atomic<Int>>.alignment)
        let stateOffset =
            (Self.flagOffset + MemoryLayout<Atomic<Int>>.stride + alignment - 1) / alignment * alignment
        self.stateOffset = stateOffset
        self.slotStride = (stateOffset + MemoryLayout<State>.stride + 127) & ~127
        self.count = count
        self.threadKey = ReaderThreadSlot.key
        self.base = UnsafeMutableRawPointer.allocate(byteCount: slotStride * count, alignment: max(128, alignment))
        self.readers = UnsafeMutableRawPointer.allocate(
            byteCount: Self.readerStride * ReaderThreadSlot.capacity,
            alignment: 128
        )
        for r in 0..<ReaderThreadSlot.capacity {
            (readers + r * Self.readerStride).bindMemory(to: ReaderRecord.self, capacity: 1).initialize(
                to: ReaderRecord()
            )
        }
        for i in 0..<count {
            let slot = base + i * slotStride
            AdaptiveMutex.initialize(at: slot)
            (slot + Self.flagOffset).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
            (slot + stateOffset).bindMemory(to: State.self, capacity: 1).initialize(to: make(i))
        }
    }

    deinit {
        for i in 0..<count {
            let slot = base + i * slotStride
            state(i).deinitialize(count: 1)
            flag(i).deinitialize(count: 1)
            AdaptiveMutex.destroy(at: slot)
        }
        for r in 0..<ReaderThreadSlot.capacity { record(r).deinitialize(count: 1) }
        readers.deallocate()
        base.deallocate()
    }

    /// Shard `index`'s state. Mutate it only between ``excludeReaders(_:)`` and
    /// ``admitReaders(_:)``.
    @inlinable
    func state(_ index: Int) -> UnsafeMutablePointer<State> {
        (base + index &* slotStride + stateOffset).assumingMemoryBound(to: State.self)
    }

    /// Shard `index`'s writer flag: 1 while a writer excludes readers.
    @inlinable
    func flag(_ index: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (base + index &* slotStride + Self.flagOffset).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// The record of the reader whose `ReaderThreadSlot` number is `reader`.
    @inlinable
    func record(_ reader: Int) -> UnsafeMutablePointer<ReaderRecord> {
        (readers + reader &* Self.readerStride).assumingMemoryBound(to: ReaderRecord.self)
    }

    /// The calling thread's `ReaderThreadSlot` number, or -1.
    @inlinable
    var currentReader: Int { ReaderThreadSlot.current(key: threadKey) }

    /// Runs the read-only `body` on shard `index` without its mutex, unless a writer holds it;
    /// returns nil (having run nothing) in that case.
    ///
    /// `reader` is the calling thread's ``ReaderThreadSlot/current`` number (not -1). `body` gets
    /// a pointer, not an `inout` state: concurrent `inout` accesses are a Swift access race (and
    /// ThreadSanitizer reports them) even when nothing is written.
    @inlinable
    func withSharedAccess<R>(_ index: Int, reader: Int, _ body: (UnsafePointer<State>) -> R) -> R? {
        let active = record(reader)
        active.pointee.active.store(index &+ 1, ordering: .sequentiallyConsistent)
        guard flag(index).pointee.load(ordering: .sequentiallyConsistent) == 0 else {
            active.pointee.active.store(0, ordering: .releasing)
            return nil
        }
        let result = body(UnsafePointer(state(index)))
        active.pointee.active.store(0, ordering: .releasing)
        return result
    }

    /// Runs `body` on shard `index` holding its mutex; shared readers may run at the same time,
    /// so `body` may only read the state (through the pointer, never `inout`), and write fields
    /// that readers never read, unless it calls ``excludeReaders(_:)`` first (and
    /// ``admitReaders(_:)`` after).
    @inlinable
    func withLock<R>(_ index: Int, _ body: (UnsafeMutablePointer<State>) throws -> R) rethrows -> R {
        try AdaptiveMutex.withLock(at: base + index &* slotStride) { try body(state(index)) }
    }

    /// Runs `body` on shard `index` with its mutex held and every shared reader excluded.
    @inlinable
    func withExclusiveAccess<R>(_ index: Int, _ body: (inout State) throws -> R) rethrows -> R {
        try withLock(index) { state in
            excludeReaders(index)
            defer { admitReaders(index) }
            return try body(&state.pointee)
        }
    }

    /// Raises shard `index`'s flag and waits until no shared read of it is in progress.
    /// The caller holds the shard's mutex.
    @inlinable
    func excludeReaders(_ index: Int) {
        flag(index).pointee.store(1, ordering: .sequentiallyConsistent)
        let mark = index &+ 1
        for reader in 0..<ReaderThreadSlot.highWater {
            let record = record(reader)
            var spins = 0
            while record.pointee.active.load(ordering: .sequentiallyConsistent) == mark {
                spins &+= 1
                if spins >= 64 { sched_yield() }  // the reader may have been preempted mid-read
            }
        }
    }

    /// Lowers shard `index`'s flag: shared reads may start again. The caller holds the mutex.
    @inlinable
    func admitReaders(_ index: Int) {
        flag(index).pointee.store(0, ordering: .releasing)
    }

    /// The hits and misses counted in every reader's record.
    @inlinable
    var readerTotals: (hits: Int, misses: Int) {
        var hits = 0
        var misses = 0
        for reader in 0..<ReaderThreadSlot.capacity {
            hits &+= record(reader).pointee.hits.load(ordering: .relaxed)
            misses &+= record(reader).pointee.misses.load(ordering: .relaxed)
        }
        return (hits, misses)
    }
}
