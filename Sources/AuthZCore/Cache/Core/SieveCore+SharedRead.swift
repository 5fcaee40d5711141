/// What a read-only lookup found.
@usableFromInline
enum SharedReadOutcome {
    /// A live entry, whose value was copied out.
    case hit
    /// No entry for the key.
    case absent
    /// An entry that expired; only a writer may remove it.
    case expired
}

/// The lookups of a SIEVE that change nothing but a visited bit, so that many threads may run them
/// on one core at once, without its lock, while no writer changes it (`ReaderWriterShards`).
///
/// They take a pointer to the core and load only ``SieveCore/store`` (index, nodes) and
/// ``SieveCore/visited``, which a writer changes only with the readers excluded: never the
/// counters, which a lock holder may update meanwhile, and never an `inout` access.
extension SieveCore {
    /// Copies the value of `key`'s live entry into `value` and sets its visited bit; changes
    /// nothing else, and leaves `value` alone unless the outcome is ``SharedReadOutcome/hit``.
    ///
    /// Every field it uses is loaded before the probe, so the probe loop keeps them in registers.
    ///
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    static func read(
        in core: UnsafePointer<Self>,
        _ key: Key,
        hash: UInt64,
        now: Int64,
        into value: inout Value?
    ) -> SharedReadOutcome {
        let store = core.pointee.store
        let visited = core.pointee.visited
        guard let i = store.find(key, hash: hash) else { return .absent }
        if store.nodes[Int(i)].expiresAt < now { return .expired }
        visited.mark(i)
        value = store.nodes[Int(i)].value
        return .hit
    }
}
