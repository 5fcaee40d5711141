/// A small ring of media tokens this worker minted and has not verified yet (newest first out;
/// when full, the oldest is dropped).
package struct MediaTokenRing: Sendable {
    /// A minted token.
    package struct Entry: Sendable {
        /// The token bytes.
        package var token: [UInt8]
        /// The resource index it was minted for.
        package var resource: Int
        /// When it was minted, epoch milliseconds.
        package var mintedAt: Int64
    }

    /// The bound.
    package static let capacity = 64
    private var entries: [Entry?] = Array(repeating: nil, count: capacity)
    private var head = 0
    /// Tokens held.
    package private(set) var count = 0

    /// Adds a minted token (dropping the oldest when full).
    package mutating func push(_ entry: Entry) {
        entries[head] = entry
        head = (head + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// Takes the newest token minted at or after `notBefore`; older ones are discarded.
    package mutating func pop(notBefore: Int64) -> Entry? {
        while count > 0 {
            head = (head + Self.capacity - 1) % Self.capacity
            count -= 1
            let entry = entries[head]
            entries[head] = nil
            if let entry, entry.mintedAt >= notBefore { return entry }
        }
        return nil
    }
}
