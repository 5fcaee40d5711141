import AuthZCore
import Synchronization

/// A wall clock that only moves when told to.
///
/// Safe to read and advance from many threads at once.
package final class ManualClock: WallClock {
    private let millis: Atomic<Int64>

    /// Creates a clock that reads `epochMillis` until it is moved.
    package init(epochMillis: Int64) {
        self.millis = Atomic(epochMillis)
    }

    /// The time the clock was last set or advanced to.
    package func nowMillis() -> Int64 {
        millis.load(ordering: .acquiring)
    }

    /// Moves the clock forward (or backward, with a negative amount) by `milliseconds`.
    package func advance(by milliseconds: Int64) {
        millis.add(milliseconds, ordering: .acquiringAndReleasing)
    }

    /// Sets the clock to `epochMillis`.
    package func set(epochMillis: Int64) {
        millis.store(epochMillis, ordering: .releasing)
    }
}
