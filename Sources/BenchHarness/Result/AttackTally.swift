import AuthZCore

/// Attack traffic: expected rejection codes and misses.
package struct AttackTally: Sendable, Equatable {
    /// Attacks sent, by the code they must be rejected with.
    package var expected: [ResultCode: Int]
    /// Attacks that got a different code (must be zero).
    package var unexpected: Int
    /// Creates a value from its stored properties.
    package init(expected: [ResultCode: Int] = [:], unexpected: Int = 0) {
        self.expected = expected
        self.unexpected = unexpected
    }
}
