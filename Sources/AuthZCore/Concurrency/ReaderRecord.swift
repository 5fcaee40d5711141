import Synchronization

/// One thread's record in a `ReaderWriterShards`: which shard it is reading, and its own
/// hit and miss counts, alone on a 128-byte block so a reader only ever writes its own lines.
///
/// `active` is `shard + 1` while the thread is inside a shared read of that shard, else 0.
/// `hits` and `misses` have a single writer (the thread that owns the `ReaderThreadSlot`
/// number), so they are bumped with a relaxed load and store (no locked instruction); anyone may
/// read them (relaxed) to sum statistics.
@usableFromInline
struct ReaderRecord: ~Copyable {
    /// The shard being read + 1, or 0.
    @usableFromInline let active: Atomic<Int>
    /// Lookups answered by a shared read that found a live entry.
    @usableFromInline let hits: Atomic<Int>
    /// Lookups answered by a shared read that found no entry.
    @usableFromInline let misses: Atomic<Int>

    @usableFromInline
    init() {
        active = Atomic(0)
        hits = Atomic(0)
        misses = Atomic(0)
    }

    /// Counts one hit (only the owning thread may call it).
    @inlinable
    func countHit() {
        hits.store(hits.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    /// Counts one miss (only the owning thread may call it).
    @inlinable
    func countMiss() {
        misses.store(misses.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }
}
