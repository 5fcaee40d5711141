import Foundation

/// A loop that performs one benchmarked operation `iterations` times.
///
/// Each thread gets its own loop (made by `MicroCase.makeSubject`), so a loop may own per-thread state.
package typealias MicroLoop = @Sendable (_ iterations: Int) -> Void

/// One row of `authz-bench micro`: an operation, optionally beside a reference loop (the floor).
package struct MicroCase: Sendable {
    /// The stable dotted row name, e.g. `crypto.verify.es256.t1`.
    package var name: String
    /// How many threads run the loop at once (aggregate throughput is reported for > 1).
    package var threads: Int = 1
    /// Makes one loop of the code under test; called once per thread before timing.
    package var makeSubject: @Sendable () throws -> MicroLoop
    /// What the reference loop is, e.g. `libcrypto EVP_DigestVerify` or `Foundation DateFormatter`.
    package var referenceLabel: String? = nil
    /// Makes one reference loop (the same work done directly, without our wrapper).
    package var makeReference: (@Sendable () throws -> MicroLoop)? = nil
    /// What the floor loop is, when the row has one beside its reference: the cheapest way to do
    /// the same work with libcrypto directly (e.g. HMAC from precomputed SHA-256 states, where the
    /// reference is `EVP_MAC`), so the row shows both ratios.
    package var floorLabel: String? = nil
    /// Makes one floor loop; timed interleaved with the subject and the reference.
    package var makeFloor: (@Sendable () throws -> MicroLoop)? = nil
    /// For memory rows: fills a structure once and reports its cost (no batches, no reference).
    package var memoryProbe: (@Sendable () throws -> MemoryFigures)? = nil
}

/// What a memory row measured.
package struct MemoryFigures: Sendable {
    /// Entries filled.
    package var entries: Int
    /// Wall time of the fill, nanoseconds.
    package var nanoseconds: UInt64
    /// Resident set growth from before the structure was made to after its fill
    /// (`/proc/self/status`), bytes: the pages written.
    package var rssDelta: Int
    /// Growth of the bytes malloc reports in use (`mallinfo2`) over the same span, bytes: what was
    /// allocated, written or not (counts reused free memory too).
    package var heapDelta: Int
}

/// Keeps a value alive and opaque to the optimiser, so a benchmarked result is not discarded.
@inline(never) @_optimize(none)
package func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Returns `value` through a call the optimiser cannot see into, so work on a constant input is
/// not hoisted out of a benchmark loop.
@inline(never) @_optimize(none)
package func opaque<T>(_ value: T) -> T {
    value
}

/// Mutable state carried from one batch of a loop to the next (a position in an input list).
///
/// Each thread's loop owns its own instance, so it is never shared between threads.
package final class LoopCursor: @unchecked Sendable {
    /// The next position.
    package var position: Int

    /// Starts at `position`.
    package init(_ position: Int = 0) {
        self.position = position
    }
}

/// One thread's mutable state for a loop (a recorder, a histogram, counters), kept across batches.
///
/// Each thread's loop owns its own instance, so it is never shared between threads.
package final class ThreadBox<Value>: @unchecked Sendable {
    /// The state.
    package var value: Value

    /// Holds `value`.
    package init(_ value: Value) {
        self.value = value
    }
}
