/// A media token verified once, kept to be presented again by the replay attack.
package struct ReplayCandidate: Sendable {
    /// The token bytes.
    package var token: [UInt8]
    /// The resource index it was minted for.
    package var resource: Int
    /// When it was verified, epoch milliseconds.
    package var verifiedAt: Int64
}
