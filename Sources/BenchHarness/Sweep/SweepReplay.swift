import AuthZCore
import HDRHistogram

/// What replaying an ``AccessSequence`` against one cache measured.
package struct ReplayMeasurement: Sendable {
    /// Lookups replayed.
    package var requests: Int
    /// Lookups that hit.
    package var hits: Int
    /// Per lookup (and its insert on a miss), nanoseconds on the monotonic clock.
    package var responseTime: HDRHistogram
    /// The whole replay loop (timing included), nanoseconds.
    package var elapsedNanos: UInt64
    /// The cache's counters at the end.
    package var stats: CacheStats
}

/// Replays access sequences against the engine's real cache types with the real key.
package enum SweepReplay {
    /// The value every miss inserts (what the engine caches after a backend decision); entries
    /// never expire during a replay, so hit ratios depend on eviction alone.
    package static let value = CachedAuthorization(expiresAt: .max, msoID: "mvpd-0")

    /// Replays `sequence` (its keys made once, `keys`) against `cache`, as the engine does: a
    /// lookup, and on a miss an insert. Each access is timed on its own.
    ///
    /// - Complexity: O(n) cache operations.
    package static func replay<Cache: CacheStrategy>(
        _ sequence: AccessSequence,
        keys: [AuthorizationKey],
        into cache: Cache
    ) -> ReplayMeasurement where Cache.Key == AuthorizationKey, Cache.Value == CachedAuthorization {
        var histogram = HDRHistogram()
        var hits = 0
        let value = Self.value
        let start = MonotonicClock.nanoseconds()
        keys.withUnsafeBufferPointer { keys in
            sequence.keys.withUnsafeBufferPointer { ids in
                sequence.times.withUnsafeBufferPointer { times in
                    for index in 0..<ids.count {
                        let key = keys[Int(ids[index])]
                        let now = times[index]
                        let before = MonotonicClock.nanoseconds()
                        if cache.value(forKey: key, now: now) != nil {
                            hits += 1
                        } else {
                            cache.insert(value, forKey: key, expiresAt: .max, now: now)
                        }
                        let after = MonotonicClock.nanoseconds()
                        histogram.record(after &- before)
                    }
                }
            }
        }
        let elapsed = MonotonicClock.nanoseconds() &- start
        return ReplayMeasurement(
            requests: sequence.count,
            hits: hits,
            responseTime: histogram,
            elapsedNanos: elapsed,
            stats: cache.stats
        )
    }

    /// Replays against a fresh cache of `kind` with `capacity` (and `shards` for `sharded`), its
    /// seeded structures derived from `seed` (`LockedCache.init(capacity:seed:)`).
    ///
    /// - Returns: the measurement and the shard count actually used (`nil` unless sharded).
    package static func replay(
        _ sequence: AccessSequence,
        keys: [AuthorizationKey],
        kind: CacheStrategyKind,
        capacity: Int,
        shards: Int?,
        seed: UInt64
    ) -> (ReplayMeasurement, shards: Int?) {
        typealias K = AuthorizationKey
        typealias V = CachedAuthorization
        switch kind {
        case .mutex: return (replay(sequence, keys: keys, into: MutexCache<K, V>(capacity: capacity, seed: seed)), nil)
        case .lru: return (replay(sequence, keys: keys, into: LRUCache<K, V>(capacity: capacity, seed: seed)), nil)
        case .sieve: return (replay(sequence, keys: keys, into: SIEVECache<K, V>(capacity: capacity, seed: seed)), nil)
        case .tinylfu:
            return (replay(sequence, keys: keys, into: AdaptiveTinyLFUCache<K, V>(capacity: capacity, seed: seed)), nil)
        case .tinylfuFixed:
            return (replay(sequence, keys: keys, into: TinyLFUCache<K, V>(capacity: capacity, seed: seed)), nil)
        case .s3fifo:
            return (replay(sequence, keys: keys, into: S3FIFOCache<K, V>(capacity: capacity, seed: seed)), nil)
        case .lirs:
            return (replay(sequence, keys: keys, into: LIRSCache<K, V>(capacity: capacity, seed: seed)), nil)
        case .sharded:
            // No generator of its own: its shard choice follows the keys' (seeded) hashes.
            let cache = ShardedCache<K, V>(capacity: capacity, shardCount: shards)
            return (replay(sequence, keys: keys, into: cache), cache.shardCount)
        }
    }
}
