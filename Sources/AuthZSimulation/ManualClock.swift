import AuthZCore
import Synchronization

/// A wall clock that only moves when told to: for tests and deterministic simulations.
///
/// Safe to read and advance from many threads at once.
public final class ManualClock: WallClock {
    private let millis: Atomic<Int64>

    /// Creates a clock that reads `epochMillis` until it is moved.
    public init(epochMillis: Int64) {
        self.millis = Atomic(epochMillis)
    }

    /// The time the clock was last set or advanced to.
    public func nowMillis() -> Int64 {
        millis.load(ordering: .acquiring)
    }

    /// Moves the clock forward (or backward, with a negative amount) by `milliseconds`.
    public func advance(by milliseconds: Int64) {
        millis.add(milliseconds, ordering: .acquiringAndReleasing)
    }

    /// Sets the clock to `epochMillis`.
    public func set(epochMillis: Int64) {
        millis.store(epochMillis, ordering: .releasing)
    }
}
