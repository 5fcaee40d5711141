import Foundation

/// A loop that performs one benchmarked operation `iterations` times.
///
/// Each thread gets its own loop (made by `MicroCase.makeSubject`), so a loop may own per-thread state.
typealias MicroLoop = @Sendable (_ iterations: Int) -> Void

/// One row of `authz-bench micro`: an operation, optionally beside a reference loop (the floor).
struct MicroCase: Sendable {
    /// The stable dotted row name, e.g. `crypto.verify.es256.t1`.
    var name: String
    /// How many threads run the loop at once (aggregate throughput is reported for > 1).
    var threads: Int = 1
    /// Makes one loop of the code under test; called once per thread before timing.
    var makeSubject: @Sendable () throws -> MicroLoop
    /// What the reference loop is, e.g. `libcrypto EVP_DigestVerify` or `Foundation DateFormatter`.
    var referenceLabel: String? = nil
    /// Makes one reference loop (the same work done directly, without our wrapper).
    var makeReference: (@Sendable () throws -> MicroLoop)? = nil
    /// For memory rows: fills a structure once and reports its cost (no batches, no reference).
    var memoryProbe: (@Sendable () throws -> MemoryFigures)? = nil
}

/// What a memory row measured.
struct MemoryFigures: Sendable {
    /// Entries filled.
    var entries: Int
    /// Wall time of the fill, nanoseconds.
    var nanoseconds: UInt64
    /// Resident set growth during the fill (`/proc/self/statm`), bytes.
    var rssDelta: Int
    /// Growth of the bytes malloc reports in use (`mallinfo2`), bytes: counts reused free memory too.
    var heapDelta: Int
}


/// Keeps a value alive and opaque to the optimiser, so a benchmarked result is not discarded.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Returns `value` through a call the optimiser cannot see into, so work on a constant input is
/// not hoisted out of a benchmark loop.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T {
    value
}

/// Mutable state carried from one batch of a loop to the next (a position in an input list).
///
/// Each thread's loop owns its own instance, so it is never shared between threads.
final class LoopCursor: @unchecked Sendable {
    /// The next position.
    var position: Int

    /// Starts at `position`.
    init(_ position: Int = 0) {
        self.position = position
    }
}
