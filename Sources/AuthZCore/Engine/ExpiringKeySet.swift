/// What a bounded expiring set does when it is full of unexpired keys.
public enum OverflowPolicy: String, Sendable, CaseIterable {
    /// Refuse the new key (fail closed): the caller rejects the token. Counted as `rejectedFull`.
    case rejectNew
    /// Forget the generation of keys that expires soonest, then insert. Counted as `dropped`.
    case dropOldestGeneration
}

/// Counters of an `ExpiringKeySet`.
public struct ExpiringKeySetStats: Sendable, Equatable {
    /// Keys currently held.
    public var entries = 0
    /// Keys inserted.
    public var inserted = 0
    /// Insertions refused because the key was already present (replays, for a replay guard).
    public var duplicates = 0
    /// Keys removed because they expired.
    public var expired = 0
    /// Insertions refused because the set was full (policy `rejectNew`).
    public var rejectedFull = 0
    /// Unexpired keys forgotten to make room (policy `dropOldestGeneration`).
    public var dropped = 0
}

/// The outcome of `ExpiringKeySet.insert`.
public enum ExpiringInsertOutcome: Sendable, Equatable {
    /// The key was new and is now held until it expires.
    case inserted
    /// The key was already held (and unexpired).
    case alreadyPresent
    /// The set is full and its policy is `rejectNew`.
    case rejectedFull
}

/// A bounded set of keys that each leave when their expiry time passes: the memory of a replay
/// guard and of a revocation list.
///
/// Keys are grouped into generations by expiry (`generationMillis` wide); a whole generation is
/// dropped once its end has passed, so expiry costs O(1) amortised per key and needs no scan.
/// The bound holds whatever the key stream: at capacity the `OverflowPolicy` decides, explicitly,
/// and the decision is counted. Lock-striped: keys are spread over shards by Swift's per-process
/// seeded hash, each shard holding `capacity / shards` keys.
public final class ExpiringKeySet<Key: Hashable & Sendable>: Sendable {
    /// The most keys held at once.
    public let capacity: Int
    /// What happens at capacity.
    public let policy: OverflowPolicy
    @usableFromInline let generationMillis: Int64
    @usableFromInline let shards: PaddedMutexArray<ExpiringShard<Key>>

    /// Creates a set bounded to `capacity` keys.
    ///
    /// - Parameters:
    ///   - capacity: the most keys held at once (positive).
    ///   - policy: what happens when the set is full of unexpired keys.
    ///   - generationMillis: width of an expiry generation; smaller is more precise, larger is fewer
    ///     generations to track (default one second).
    ///   - shardCount: lock stripes (default: 4 x active processors, rounded to a power of two,
    ///     and no more than capacity).
    public init(capacity: Int, policy: OverflowPolicy, generationMillis: Int64 = 1_000, shardCount: Int? = nil) {
        precondition(capacity > 0, "capacity must be positive")
        precondition(generationMillis > 0, "generation width must be positive")
        self.capacity = capacity
        self.policy = policy
        self.generationMillis = generationMillis
        let count = min(capacity, shardCount ?? ExpiringKeySet.defaultShardCount())
        let perShard = capacity / count
        let remainder = capacity % count
        self.shards = PaddedMutexArray(count: count) { index in
            ExpiringShard(capacity: perShard + (index < remainder ? 1 : 0))
        }
    }

    private static func defaultShardCount() -> Int {
        ShardedCache<Int, Int>.defaultShardCount
    }

    /// Inserts `key`, to be held until `expiresAt` (epoch ms), unless it is already held.
    ///
    /// - Complexity: O(1) amortised (expired generations are dropped as they pass).
    public func insert(_ key: Key, expiresAt: Int64, now: Int64) -> ExpiringInsertOutcome {
        let index = shardIndex(key)
        let generation = expiresAt / generationMillis
        let generationWidth = generationMillis
        let policy = self.policy
        return shards.withLock(index) { shard in
            shard.insert(
                key,
                expiresAt: expiresAt,
                generation: generation,
                width: generationWidth,
                now: now,
                policy: policy
            )
        }
    }

    /// Whether `key` is held and unexpired at `now`.
    ///
    /// - Complexity: O(1).
    public func contains(_ key: Key, now: Int64) -> Bool {
        shards.withLock(shardIndex(key)) { shard in
            guard let expiry = shard.expiries[key] else { return false }
            return expiry >= now
        }
    }

    /// Forgets `key` (for example when a revocation is lifted). Returns whether it was held.
    ///
    /// - Complexity: O(1); the key's generation keeps a stale reference until it is dropped.
    @discardableResult
    public func remove(_ key: Key) -> Bool {
        shards.withLock(shardIndex(key)) { shard in shard.expiries.removeValue(forKey: key) != nil }
    }

    /// The counters summed over shards (each shard read under its own lock).
    ///
    /// - Complexity: O(shards).
    public var stats: ExpiringKeySetStats {
        var total = ExpiringKeySetStats()
        for index in 0..<shards.count {
            let s = shards.withLock(index) { $0.stats(entries: $0.expiries.count) }
            total.entries += s.entries
            total.inserted += s.inserted
            total.duplicates += s.duplicates
            total.expired += s.expired
            total.rejectedFull += s.rejectedFull
            total.dropped += s.dropped
        }
        return total
    }

    @usableFromInline
    func shardIndex(_ key: Key) -> Int {
        // Hasher is seeded per process: an attacker cannot aim keys at one stripe.
        Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))
    }
}

/// One stripe of an `ExpiringKeySet`: keys with their expiry, grouped into expiry generations.
@usableFromInline
struct ExpiringShard<Key: Hashable & Sendable>: Sendable {
    @usableFromInline let capacity: Int
    /// Key -> expiry (epoch ms).
    @usableFromInline var expiries: [Key: Int64] = [:]
    /// Generation number -> keys whose expiry falls in it.
    @usableFromInline var generations: [Int64: [Key]] = [:]
    /// Generation numbers in ascending order.
    @usableFromInline var order: [Int64] = []
    @usableFromInline var counters = ExpiringKeySetStats()

    @usableFromInline
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    @usableFromInline
    func stats(entries: Int) -> ExpiringKeySetStats {
        var copy = counters
        copy.entries = entries
        return copy
    }

    @usableFromInline
    mutating func insert(
        _ key: Key,
        expiresAt: Int64,
        generation: Int64,
        width: Int64,
        now: Int64,
        policy: OverflowPolicy
    ) -> ExpiringInsertOutcome {
        dropExpiredGenerations(now: now, width: width)
        if let expiry = expiries[key] {
            if expiry >= now {
                counters.duplicates += 1
                return .alreadyPresent
            }
            expiries.removeValue(forKey: key)
            counters.expired += 1
        }
        if expiresAt < now {
            // Already expired: nothing to remember (the caller rejects such tokens before this).
            return .inserted
        }
        while expiries.count >= capacity {
            switch policy {
            case .rejectNew:
                counters.rejectedFull += 1
                return .rejectedFull
            case .dropOldestGeneration:
                dropOldestGeneration()
            }
        }
        expiries[key] = expiresAt
        if generations[generation] == nil {
            let position = order.firstIndex(where: { $0 > generation }) ?? order.count
            order.insert(generation, at: position)
        }
        generations[generation, default: []].append(key)
        counters.inserted += 1
        return .inserted
    }

    /// Drops every generation whose whole range lies before `now`.
    @usableFromInline
    mutating func dropExpiredGenerations(now: Int64, width: Int64) {
        while let first = order.first, (first &+ 1) &* width <= now {
            order.removeFirst()
            for key in generations.removeValue(forKey: first) ?? [] {
                if let expiry = expiries[key], expiry < now {
                    expiries.removeValue(forKey: key)
                    counters.expired += 1
                }
            }
        }
    }

    /// Forgets the generation that expires soonest (counted as dropped).
    @usableFromInline
    mutating func dropOldestGeneration() {
        guard !order.isEmpty else {
            // Stale bookkeeping only (keys removed directly): start afresh.
            counters.dropped += expiries.count
            expiries.removeAll()
            return
        }
        let first = order.removeFirst()
        for key in generations.removeValue(forKey: first) ?? [] where expiries.removeValue(forKey: key) != nil {
            counters.dropped += 1
        }
    }
}
