/// A worker's requests parked on the upstream, one slot each, until their completions come back.
///
/// A request is handed to the engine with the ticket of the slot it will take if it parks
/// (``nextTicket``): the slot index and the slot's generation in one word. The slot is only taken
/// when the engine answers "parked" (a hit takes nothing). A completion is matched to its slot by
/// the ticket; a ticket of a free slot, or of an earlier generation of a slot, is refused: the
/// engine completed a request twice, or completed one it never parked (the worker's exactly-once
/// ledger counts it).
package struct PendingTable: Sendable {
    /// One parked request.
    package struct Slot: Sendable {
        /// What the worker sent.
        package var request: SentRequest
        /// When the engine returned "parked" (monotonic ns).
        package var parkedAt: UInt64
        /// Whether the call was a `getAuthorization` (a grant carries a media token).
        package var isGet: Bool
        /// Whether the slot holds a request of the load, or the worker's own bookkeeping (a fresh
        /// media token to replay: neither measured nor counted).
        package var isBookkeeping: Bool

        /// A slot from its values.
        package init(request: SentRequest, parkedAt: UInt64, isGet: Bool, isBookkeeping: Bool) {
            self.request = request
            self.parkedAt = parkedAt
            self.isGet = isGet
            self.isBookkeeping = isBookkeeping
        }
    }

    private struct Entry: Sendable {
        var slot: Slot?
        var generation: UInt32 = 0
    }

    private var entries: [Entry] = []
    private var free: [UInt32] = []
    /// Slots taken now.
    package private(set) var count = 0

    /// An empty table.
    package init() {}

    /// The ticket the next parked request takes.
    @inline(__always)
    package var nextTicket: UInt64 {
        if let index = free.last { return UInt64(entries[Int(index)].generation) << 32 | UInt64(index) }
        return UInt64(entries.count)
    }

    /// Takes the slot of ``nextTicket`` for `slot`.
    package mutating func park(_ slot: Slot) {
        count += 1
        if let index = free.popLast() {
            entries[Int(index)].slot = slot
        } else {
            entries.append(Entry(slot: slot))
        }
    }

    /// Frees the slot of `ticket` and returns what it held; nil when the ticket holds no parked
    /// request (a free slot, or an earlier generation).
    package mutating func release(_ ticket: UInt64) -> Slot? {
        let index = Int(truncatingIfNeeded: ticket & 0xFFFF_FFFF)
        let generation = UInt32(truncatingIfNeeded: ticket >> 32)
        guard index < entries.count, entries[index].generation == generation, let slot = entries[index].slot else {
            return nil
        }
        entries[index].slot = nil
        entries[index].generation &+= 1
        free.append(UInt32(index))
        count -= 1
        return slot
    }
}
