/// Remembers the media tokens already presented, so that each is accepted once.
///
/// A session GUID is held until its token's window closes (`issueTime + ttl + skew`), then forgotten:
/// a token that old is rejected as expired anyway. The memory is bounded (`capacity`); what happens
/// when it is full of unexpired tokens is the explicit `OverflowPolicy`, and every such event is
/// counted in `stats` (`rejectedFull` or `dropped`): never a silent acceptance.
public final class ReplayGuard: Sendable {
    @usableFromInline let seen: ExpiringKeySet<String>

    /// Creates a guard remembering at most `capacity` unexpired media tokens.
    public init(capacity: Int, policy: OverflowPolicy = .rejectNew, shardCount: Int? = nil) {
        self.seen = ExpiringKeySet(capacity: capacity, policy: policy, generationMillis: 1_000, shardCount: shardCount)
    }

    /// The bound on remembered tokens.
    public var capacity: Int { seen.capacity }

    /// The overflow policy.
    public var policy: OverflowPolicy { seen.policy }

    /// Records the first use of `sessionGUID`, valid until `expiresAt`.
    ///
    /// Returns `.validToken` on first use, `.tokenReplayed` when seen before, and also
    /// `.tokenReplayed` (fail closed, counted in `stats.rejectedFull`) when the guard is full under
    /// `.rejectNew`.
    ///
    /// - Complexity: O(1) amortised.
    public func admit(sessionGUID: String, expiresAt: Int64, now: Int64) -> ResultCode {
        switch seen.insert(sessionGUID, expiresAt: expiresAt, now: now) {
        case .inserted: .validToken
        case .alreadyPresent, .rejectedFull: .tokenReplayed
        }
    }

    /// Counters: entries held, admitted, replays caught, expired, rejected or dropped on overflow.
    ///
    /// - Complexity: O(shards).
    public var stats: ExpiringKeySetStats { seen.stats }
}
