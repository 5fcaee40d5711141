import Synchronization

/// SIEVE's visited bits, one atomic byte per node slot, behind a raw pointer fixed at `init`.
///
/// Atomic because the sharded cache's readers set them without the shard's lock, alongside other
/// readers (relaxed: a bit is a hint for the hand, ordered by nothing else). Kept apart from the
/// nodes so that a hit writes no line a node's reader loads, and only when the bit was clear (a hot
/// entry costs no write). The owner frees them with ``deallocate()``.
@usableFromInline
struct VisitedBits {
    @usableFromInline let bits: UnsafeMutablePointer<Atomic<UInt8>>
    @usableFromInline let capacity: Int

    /// Allocates `capacity` clear bits.
    @inlinable
    init(capacity: Int) {
        self.capacity = capacity
        bits = .allocate(capacity: capacity)
        for i in 0..<capacity { (bits + i).initialize(to: Atomic(0)) }
    }

    /// Frees the bits; they must not be used afterwards.
    @inlinable
    func deallocate() {
        bits.deinitialize(count: capacity)
        bits.deallocate()
    }

    /// Bytes of the bits.
    @inlinable
    var approximateBytes: Int { capacity * MemoryLayout<Atomic<UInt8>>.stride }

    /// Sets slot `i`'s bit unless it is set already. Safe for concurrent readers.
    @inlinable @inline(__always)
    func mark(_ i: Int32) {
        let bit = bits + Int(i)
        if bit.pointee.load(ordering: .relaxed) == 0 { bit.pointee.store(1, ordering: .relaxed) }
    }

    /// Whether slot `i`'s bit is set.
    @inlinable
    subscript(i: Int32) -> Bool {
        get { bits[Int(i)].load(ordering: .relaxed) != 0 }
        nonmutating set { bits[Int(i)].store(newValue ? 1 : 0, ordering: .relaxed) }
    }
}
