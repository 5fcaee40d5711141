import Dispatch
import Synchronization

/// The counters of an engine's upstream calls (the result's `upstream` section).
public struct UpstreamStats: Sendable, Equatable {
    /// Calls started (misses and refreshes that did not join a call in flight).
    public var calls: Int
    /// Requests that joined a call already in flight for their key instead of starting one.
    public var coalesced: Int
    /// Calls started by a cache hit to refresh its entry ahead of expiry (included in `calls`).
    public var refreshes: Int
    /// Calls the backend answered with ``BackendDecision/unavailable``.
    public var errors: Int
    /// Calls the engine stopped waiting for after the per-call timeout.
    public var timeouts: Int
    /// Requests (and refreshes) not sent because `maxUpstreamInFlight` calls were in flight.
    public var rejected: Int
    /// Calls in flight now.
    public var inFlight: Int
    /// The most calls in flight at once.
    public var maxInFlight: Int

    /// Counters; zero by default.
    public init(
        calls: Int = 0,
        coalesced: Int = 0,
        refreshes: Int = 0,
        errors: Int = 0,
        timeouts: Int = 0,
        rejected: Int = 0,
        inFlight: Int = 0,
        maxInFlight: Int = 0
    ) {
        self.calls = calls
        self.coalesced = coalesced
        self.refreshes = refreshes
        self.errors = errors
        self.timeouts = timeouts
        self.rejected = rejected
        self.inFlight = inFlight
        self.maxInFlight = maxInFlight
    }
}

/// The engine's table of upstream calls in flight, one per authorization key, bounded; with its
/// counters and the timer that times calls out.
///
/// Sharded by the key's seeded hash, each shard a dictionary under its own lock; only misses and
/// refreshes come here, never a plain hit. The bound is checked before a call is added, so the
/// table never holds more than `limit` calls, whatever the traffic.
final class UpstreamCallTable: Sendable {
    /// At most this many calls in flight.
    let limit: Int
    private let shards: PaddedMutexArray<[AuthorizationKey: UpstreamCall]>
    private let counters = Counters()
    private let sweeper: SweepTimer?

    private final class Counters: Sendable {
        let calls = Atomic<Int>(0)
        let coalesced = Atomic<Int>(0)
        let refreshes = Atomic<Int>(0)
        let errors = Atomic<Int>(0)
        let timeouts = Atomic<Int>(0)
        let rejected = Atomic<Int>(0)
        let inFlight = Atomic<Int>(0)
        let maxInFlight = Atomic<Int>(0)
    }

    /// A table of at most `limit` calls; with `sweepEveryMillis`, a timer (started by
    /// ``startSweeping(_:)``) times calls out at that period.
    init(limit: Int, sweepEveryMillis: Int64?) {
        self.limit = max(1, limit)
        shards = PaddedMutexArray(count: 16) { _ in [:] }
        sweeper = sweepEveryMillis.map(SweepTimer.init(everyMillis:))
    }

    /// The timer of ``startSweeping(_:)``, cancelled with the table.
    private final class SweepTimer: @unchecked Sendable {
        // @unchecked: a dispatch source may be used from any thread; it is given its handler and
        // resumed once (`start`), and cancelled once, in `deinit`.
        let source: any DispatchSourceTimer

        init(everyMillis intervalMillis: Int64) {
            source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "authz.upstream-timeouts"))
            let interval = DispatchTimeInterval.milliseconds(Int(max(1, intervalMillis)))
            source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        }

        func start(_ sweep: @escaping @Sendable () -> Void) {
            source.setEventHandler(handler: sweep)
            source.resume()
        }

        deinit {
            source.setEventHandler(handler: nil)
            source.cancel()
        }
    }

    /// The counters now.
    var stats: UpstreamStats {
        UpstreamStats(
            calls: counters.calls.load(ordering: .relaxed),
            coalesced: counters.coalesced.load(ordering: .relaxed),
            refreshes: counters.refreshes.load(ordering: .relaxed),
            errors: counters.errors.load(ordering: .relaxed),
            timeouts: counters.timeouts.load(ordering: .relaxed),
            rejected: counters.rejected.load(ordering: .relaxed),
            inFlight: counters.inFlight.load(ordering: .relaxed),
            maxInFlight: counters.maxInFlight.load(ordering: .relaxed)
        )
    }

    /// What ``join(_:waiter:make:)`` did.
    enum Joined {
        /// The waiter joined the call in flight for the key.
        case coalesced
        /// A refresh found a call in flight for the key: nothing to do.
        case alreadyInFlight
        /// No call was in flight: this one was added; the caller must send it.
        case started(UpstreamCall)
        /// `limit` calls were in flight: nothing was added.
        case rejected
    }

    /// Joins the call in flight for `key` with `waiter`, or adds the call `make()` builds.
    func join(_ key: AuthorizationKey, waiter: UpstreamWaiter?, make: () -> UpstreamCall) -> Joined {
        let joined = shards.withLock(shard(key)) { calls -> Joined in
            if let call = calls[key] {
                guard let waiter else { return .alreadyInFlight }
                call.add(waiter)
                return .coalesced
            }
            guard reserve() else { return .rejected }
            let call = make()
            calls[key] = call
            return .started(call)
        }
        switch joined {
        case .coalesced: counters.coalesced.add(1, ordering: .relaxed)
        case .rejected: counters.rejected.add(1, ordering: .relaxed)
        case .started(let call):
            counters.calls.add(1, ordering: .relaxed)
            if call.isRefresh { counters.refreshes.add(1, ordering: .relaxed) }
        case .alreadyInFlight: break
        }
        return joined
    }

    /// Takes `call` out of the table and ends it: its waiters the first time, nil when it had
    /// ended already (a late reply after a timeout, or a second reply).
    func end(_ call: UpstreamCall, with result: UpstreamResult) -> (first: UpstreamWaiter?, more: [UpstreamWaiter])? {
        let ended = shards.withLock(shard(call.key)) { calls in
            if let current = calls[call.key], current === call { calls[call.key] = nil }
            return call.end()
        }
        guard let waiters = ended else { return nil }
        counters.inFlight.subtract(1, ordering: .relaxed)
        switch result {
        case .timedOut: counters.timeouts.add(1, ordering: .relaxed)
        case .decided(.unavailable): counters.errors.add(1, ordering: .relaxed)
        case .decided: break
        }
        return waiters
    }

    /// The calls whose deadline is at or before `now`.
    func overdue(now: Int64) -> [UpstreamCall] {
        var found: [UpstreamCall] = []
        for index in 0..<shards.count {
            shards.withLock(index) { calls in
                for call in calls.values where call.deadline <= now { found.append(call) }
            }
        }
        return found
    }

    /// Starts the timer (if the table has one) calling `sweep` at its period until the table is
    /// released. Called once.
    func startSweeping(_ sweep: @escaping @Sendable () -> Void) {
        sweeper?.start(sweep)
    }

    private func shard(_ key: AuthorizationKey) -> Int {
        Int(UInt(bitPattern: key.precomputedHash) >> 7) & (shards.count - 1)
    }

    /// Counts one more call in flight unless `limit` are; keeps the high-water mark.
    private func reserve() -> Bool {
        var current = counters.inFlight.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = counters.inFlight.compareExchange(
                expected: current,
                desired: current + 1,
                ordering: .relaxed
            )
            if exchanged {
                var high = counters.maxInFlight.load(ordering: .relaxed)
                while current + 1 > high {
                    let (done, seen) = counters.maxInFlight.compareExchange(
                        expected: high,
                        desired: current + 1,
                        ordering: .relaxed
                    )
                    if done { break }
                    high = seen
                }
                return true
            }
            current = original
        }
        return false
    }
}
