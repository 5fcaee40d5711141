import Synchronization

/// The requests parked on the upstream right now, across every worker of a run.
///
/// Only misses touch it: a worker adds one when the engine parks its request, the request's
/// completion (on the upstream's thread) takes one off. Hits never write it, so the hot path pays
/// no shared cache-line write; a worker reads it at each send of the measured phase (a load of a
/// line that stays shared while nothing parks). The padding keeps the counter off the lines of
/// whatever the allocator puts next to it.
package final class InFlightGauge: Sendable {
    private let before: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private let count = Atomic<Int>(0)
    private let after: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// A gauge at zero.
    package init() {}

    /// Parked requests now. The parking worker counts a request after the engine returned, and its
    /// completion may run first: the count can be one low, briefly, never below zero here.
    @inline(__always)
    package var parked: Int { max(count.load(ordering: .relaxed), 0) }

    /// A request was parked.
    @inline(__always)
    package func park() { count.add(1, ordering: .relaxed) }

    /// A parked request was unparked: its completion arrived.
    @inline(__always)
    package func unpark() { count.subtract(1, ordering: .relaxed) }
}
