/// A request parked on an upstream call: how to complete it, and the fingerprint its
/// authentication token carries (the authZ token must carry the same).
@usableFromInline
struct UpstreamWaiter: Sendable {
    /// How the outcome reaches the caller.
    @usableFromInline
    enum Delivery: Sendable {
        /// A parked `checkAuthorization`.
        case check(any AuthorizationCompletion<ResultCode>)
        /// A parked `getAuthorization` (mints a media token on a grant).
        case get(any AuthorizationCompletion<AuthorizationOutcome>)
    }

    @usableFromInline var delivery: Delivery
    @usableFromInline var fingerprint: Fingerprint?

    @usableFromInline
    init(delivery: Delivery, fingerprint: Fingerprint?) {
        self.delivery = delivery
        self.fingerprint = fingerprint
    }
}

/// How an upstream call ended.
enum UpstreamResult: Sendable {
    /// The backend answered.
    case decided(BackendDecision)
    /// The engine's per-call timeout passed first.
    case timedOut
}

/// The engine an upstream call reports back to (type-erased, so the call and ``BackendReply``
/// need not be generic over the engine's caches).
protocol UpstreamCallOwner: AnyObject, Sendable {
    /// Ends `call` with `result` at `now` (epoch ms); only the first end of a call counts.
    func finish(_ call: UpstreamCall, with result: UpstreamResult, now: Int64)
}

extension UpstreamCallOwner {
    /// A backend's answer.
    func finish(_ call: UpstreamCall, with decision: BackendDecision, now: Int64) {
        finish(call, with: .decided(decision), now: now)
    }
}

/// One call to the upstream backend for one authorization key, and the requests waiting on it
/// (single flight: concurrent misses on the key join the call instead of starting their own).
///
/// The one allocation of a parked miss on the engine's side. Its waiters are appended while the
/// call is in the engine's in-flight table and taken once, by whoever ends the call first (the
/// backend's reply or the timeout sweep).
final class UpstreamCall: @unchecked Sendable {
    // @unchecked: `ended`, `first` and `more` are only read and written by `UpstreamCallTable` under
    // the lock of the table shard that `key` selects (a pthread mutex, which ThreadSanitizer sees;
    // `Synchronization.Mutex` it cannot see on Linux).

    /// The authorization being decided.
    let key: AuthorizationKey
    /// What the backend is asked.
    let request: BackendRequest
    /// When the engine stops waiting, epoch milliseconds.
    let deadline: Int64
    /// Whether a cache hit started the call to refresh its entry ahead of expiry.
    let isRefresh: Bool
    /// The engine that started the call.
    let owner: any UpstreamCallOwner
    private var ended = false
    private var first: UpstreamWaiter?
    private var more: [UpstreamWaiter] = []

    init(
        key: AuthorizationKey,
        request: BackendRequest,
        deadline: Int64,
        isRefresh: Bool,
        owner: any UpstreamCallOwner,
        waiter: UpstreamWaiter?
    ) {
        self.key = key
        self.request = request
        self.deadline = deadline
        self.isRefresh = isRefresh
        self.owner = owner
        first = waiter
    }

    /// Adds a waiter. The caller holds the key's shard lock and found the call in the table, so
    /// it has not ended.
    func add(_ waiter: UpstreamWaiter) {
        if first == nil { first = waiter } else { more.append(waiter) }
    }

    /// Ends the call (the caller holds the key's shard lock): returns its waiters the first time
    /// (the first one apart, so that a call with one waiter allocates no array), nil afterwards.
    func end() -> (first: UpstreamWaiter?, more: [UpstreamWaiter])? {
        guard !ended else { return nil }
        ended = true
        defer {
            first = nil
            more = []
        }
        return (first, more)
    }
}
