/// W-TinyLFU whose window and main regions are resized by hill climbing, as Caffeine has done since
/// 2.7 (`BoundedLocalCache.climb()`; the simulator's `HillClimberWindowTinyLfuPolicy` with its
/// simple climber): a ``TinyLFUCore`` (same sketch, admission duel and segments) plus the climber, its estimates
/// without the doorkeeper's 1.
///
/// - Estimate: the sketch's counters alone, without the doorkeeper's 1. A candidate seen once since
///   the sketch's last reset then ties with (and loses to) a victim whose counters are zero, instead
///   of displacing it: just after each reset, when halving has zeroed the counters of most of main,
///   the fixed window's rule lets every new key evict one of them. The doorkeeper still keeps
///   first occurrences out of the counters. With this rule no classic-trace cell falls more than
///   1 point below libCacheSim's WTinyLFU (which has no doorkeeper); `results/README.md` has the
///   figures.
///
/// - Sample: once the cache is full (as the simulator's climber: a filling cache's hit rate says
///   nothing about its window), hits and misses (a lookup of an absent or expired key) are counted;
///   when a sample is complete, the next insert climbs. A sample is the sketch's period (10 x
///   capacity requests) but at least 20,000 requests: the climber compares the hit rates of two
///   samples, and only from 20,000 requests each is the standard error of that difference (at a
///   hit rate of one half, the worst case) below half a point, so that a change of a point stands
///   two standard errors clear of chance. Shorter samples measured the trace's own phases, not the
///   window: on the classic traces' small caches the climber lost up to a point to the fixed window
///   (`results/README.md`).
/// - Step: the hit rate of the sample against the previous one. A change within two standard
///   errors of the two samples' binomial noise is no evidence either way: the window holds and the
///   step decays. Otherwise, as Caffeine: better, take the last step again; worse, the opposite step;
///   a change of 5 points or more restarts the step at 6.25% of capacity (in the direction just
///   taken), else the step decays by 2% per sample. The first sample is compared with 0, so the
///   first step is taken, and it shrinks the window (Caffeine's initial step is negative).
/// - Move: a step of `+n` grows the window by up to `n` entries taken from the protected segment's
///   share, moving probation's (then protected's) least recently used entries into the window's
///   most recent end; `-n` shrinks it (never below 1) and moves the window's least recently used
///   entries to probation. At most 1,000 entries move per step (Caffeine's transfer threshold).
///
/// The window starts at 1% of capacity and main's protected segment at 80% of the rest, as in
/// ``TinyLFUCore``; a hit costs a comparison and a counter increment more. Seeded like
/// ``TinyLFUCore``.
///
/// Memory estimate: ``TinyLFUCore``'s (the climber is a few words).
public struct AdaptiveTinyLFUCore<Key: Hashable & Sendable, Value: Sendable>: CacheCore {
    /// Caffeine's `HILL_CLIMBER_STEP_PERCENT`.
    @usableFromInline static var stepShare: Double { 0.0625 }
    /// Caffeine's `HILL_CLIMBER_STEP_DECAY_RATE`.
    @usableFromInline static var stepDecay: Double { 0.98 }
    /// Caffeine's `HILL_CLIMBER_RESTART_THRESHOLD`.
    @usableFromInline static var restartThreshold: Double { 0.05 }
    /// Caffeine's `QUEUE_TRANSFER_THRESHOLD`.
    @usableFromInline static var transferLimit: Int { 1_000 }
    /// The shortest sample, in requests: 2 x 0.25 x (2 / 0.01)^2, two samples whose hit rates
    /// differ by a point are two standard errors apart at the noisiest hit rate (one half).
    @usableFromInline static var minimumSample: Int { 20_000 }
    /// How many standard errors of the two samples' difference a change must exceed to move.
    @usableFromInline static var significance: Double { 2 }

    @usableFromInline var base: TinyLFUCore<Key, Value>
    @usableFromInline var hitsInSample = 0
    @usableFromInline var missesInSample = 0
    @usableFromInline var previousHitRate = 0.0
    @usableFromInline var stepSize: Double
    @usableFromInline let sampleSize: Int
    /// Samples completed (the first is compared with a hit rate of 0, as Caffeine's).
    @usableFromInline var samples = 0

    /// Creates an empty adaptive W-TinyLFU of at most `capacity` entries (at least 1).
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int) {
        var rng = SystemRandomNumberGenerator()
        self.init(capacity: capacity, seed: rng.next())
    }

    /// Creates an empty adaptive W-TinyLFU whose sketch seeds derive from `seed`.
    ///
    /// - Complexity: O(capacity).
    @inlinable
    public init(capacity: Int, seed: UInt64) {
        self.init(base: TinyLFUCore(capacity: capacity, seed: seed, doorkeeperInEstimate: false))
    }

    @inlinable
    init(base: TinyLFUCore<Key, Value>) {
        self.base = base
        stepSize = -Self.stepShare * Double(base.store.capacity)
        sampleSize = max(base.sketch.sampleSize, Self.minimumSample)
    }

    /// The value for `key` if live at `now` (see ``TinyLFUCore/lookup(_:hash:now:)``), counted in
    /// the climber's sample once the cache is full.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func lookup(_ key: Key, hash: UInt64, now: Int64) -> Value? {
        let value = base.lookup(key, hash: hash, now: now)
        if base.store.isFull {
            if value == nil { missesInSample &+= 1 } else { hitsInSample &+= 1 }
        }
        return value
    }

    /// Inserts as ``TinyLFUCore`` does, then climbs if a sample is complete.
    ///
    /// - Complexity: O(1) expected; a climb moves at most 1,000 entries, once per sample.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: Key, hash: UInt64, expiresAt: Int64, now: Int64) {
        base.insert(value, forKey: key, hash: hash, expiresAt: expiresAt, now: now)
        if hitsInSample &+ missesInSample >= sampleSize { climb() }
    }

    /// Caffeine's `determineAdjustment()` then `increaseWindow()` / `decreaseWindow()`, holding
    /// still when the change is within the samples' noise.
    @inlinable
    mutating func climb() {
        let requests = Double(hitsInSample + missesInSample)
        let hitRate = Double(hitsInSample) / requests
        let change = hitRate - previousHitRate
        let pooled = (hitRate + previousHitRate) / 2
        let noise = Self.significance * (2 * pooled * (1 - pooled) / requests).squareRoot()
        let isFirst = samples == 0
        samples &+= 1
        previousHitRate = hitRate
        hitsInSample = 0
        missesInSample = 0
        guard isFirst || abs(change) > noise else {
            stepSize *= Self.stepDecay
            return
        }
        let amount = change >= 0 ? stepSize : -stepSize
        stepSize =
            abs(change) >= Self.restartThreshold
            ? Self.stepShare * Double(base.store.capacity) * (amount >= 0 ? 1 : -1)
            : Self.stepDecay * amount
        demoteFromProtected()
        let adjustment = Int(amount)  // toward zero, as Java's (long) cast
        if adjustment > 0 {
            increaseWindow(by: adjustment)
        } else if adjustment < 0 {
            decreaseWindow(by: -adjustment)
        }
    }

    /// Moves protected's least recently used entries to probation while protected is over its share.
    @inlinable
    mutating func demoteFromProtected() {
        while base.lists.2.count > base.protectedCapacity, base.lists.2.tail >= 0 {
            base.move(base.lists.2.tail, to: TinyLFUCore<Key, Value>.probation)
        }
    }

    /// Grows the window by up to `amount` entries of protected's share.
    @inlinable
    mutating func increaseWindow(by amount: Int) {
        guard base.protectedCapacity > 0 else { return }
        var quota = min(amount, base.protectedCapacity)
        base.protectedCapacity -= quota
        base.windowCapacity += quota
        demoteFromProtected()
        for _ in 0..<Self.transferLimit where quota > 0 {
            let candidate = base.lists.1.tail >= 0 ? base.lists.1.tail : base.lists.2.tail
            guard candidate >= 0 else { break }
            quota -= 1
            base.move(candidate, to: TinyLFUCore<Key, Value>.window)
        }
        base.protectedCapacity += quota
        base.windowCapacity -= quota
    }

    /// Shrinks the window by up to `amount` entries (to at least 1), its oldest going to probation.
    @inlinable
    mutating func decreaseWindow(by amount: Int) {
        guard base.windowCapacity > 1 else { return }
        var quota = min(amount, base.windowCapacity - 1)
        base.protectedCapacity += quota
        base.windowCapacity -= quota
        // The window keeps at least one entry: a full cache's insert duels the window's oldest.
        for _ in 0..<Self.transferLimit where quota > 0 && base.lists.0.count > 1 {
            let candidate = base.lists.0.tail
            quota -= 1
            base.move(candidate, to: TinyLFUCore<Key, Value>.probation)
        }
        base.protectedCapacity -= quota
        base.windowCapacity += quota
    }

    /// Removes and returns the entry for `key`.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func remove(_ key: Key, hash: UInt64) -> Value? { base.remove(key, hash: hash) }

    /// Removes every entry, keeping the buffers, the sketch's history and the current sizes.
    ///
    /// - Complexity: O(n + buckets).
    @inlinable
    public mutating func removeAll() { base.removeAll() }

    /// The counters, the entry count and the memory estimate (sketch included).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stats: CacheStats { base.stats }

    /// The number of entries.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { base.count }

    /// Frees the buffers.
    ///
    /// - Complexity: O(n).
    @inlinable
    public func deallocate() { base.deallocate() }

    /// The window's and protected segment's current shares: for tests and diagnostics.
    package var sizes: (window: Int, protected: Int) { (base.windowCapacity, base.protectedCapacity) }
}
