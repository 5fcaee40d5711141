import AuthZCore
import Foundation

/// The cache-strategy sweep: the same access sequence against every strategy x capacity (x shard
/// count for `sharded`), each beside the optimal bound for its capacity.
package enum Sweep {
    /// What to sweep.
    package struct Plan: Sendable, Equatable {
        /// Strategies, in row order.
        package var strategies: [CacheStrategyKind]
        /// Capacities, in row order.
        package var capacities: [Int]
        /// Shard counts for `sharded`.
        package var shards: [Int]
        /// The seed of every seeded structure: the keys' hash (so a shard, a sketch counter) and
        /// each strategy's own generators. The same plan and sequence give the same hits.
        package var seed: UInt64

        /// Creates a value from its stored properties.
        package init(strategies: [CacheStrategyKind], capacities: [Int], shards: [Int], seed: UInt64 = 0) {
            self.strategies = strategies
            self.capacities = capacities
            self.shards = shards
            self.seed = seed
        }
    }

    /// Runs `plan` over `sequence`; `progress` hears one line per row.
    ///
    /// - Complexity: O(rows x n) cache operations plus O(capacities x n log n) for the bound.
    package static func run(_ sequence: AccessSequence, plan: Plan, progress: ((String) -> Void)? = nil) -> [SweepRow] {
        let keys = sequence.makeKeys(seed: plan.seed)
        let belady = BeladyOptimal(keys: sequence.keys, keyCount: sequence.keyParts.count)
        var rows: [SweepRow] = []
        for capacity in plan.capacities {
            let optimal = belady.hits(capacity: capacity)
            for strategy in plan.strategies {
                let shardCounts: [Int?] = strategy == .sharded ? plan.shards.map { $0 } : [nil]
                for shards in shardCounts {
                    let (measurement, used) = SweepReplay.replay(
                        sequence,
                        keys: keys,
                        kind: strategy,
                        capacity: capacity,
                        shards: shards,
                        seed: plan.seed
                    )
                    let row = SweepRow(
                        strategy: strategy.rawValue,
                        capacity: capacity,
                        shards: used,
                        requests: measurement.requests,
                        hits: measurement.hits,
                        optimalHits: optimal,
                        responseTime: measurement.responseTime,
                        elapsedNanos: measurement.elapsedNanos,
                        bytesPerEntry: measurement.stats.bytesPerEntry
                    )
                    progress?("\(row.label) at \(capacity): hit ratio \(String(format: "%.4f", row.hitRatio))")
                    rows.append(row)
                }
            }
        }
        markBest(&rows)
        return rows
    }

    /// Marks the best row of each capacity: the most hits; on a tie, the lower p99; then the
    /// earlier row.
    package static func markBest(_ rows: inout [SweepRow]) {
        var bestByCapacity: [Int: Int] = [:]
        for index in rows.indices {
            rows[index].best = false
            let row = rows[index]
            guard let current = bestByCapacity[row.capacity] else {
                bestByCapacity[row.capacity] = index
                continue
            }
            let other = rows[current]
            if row.hits > other.hits || (row.hits == other.hits && row.p99 < other.p99) {
                bestByCapacity[row.capacity] = index
            }
        }
        for index in bestByCapacity.values { rows[index].best = true }
    }

    /// One sentence: the strategy best at the most capacities (ties: the one best at the largest
    /// capacity), with its hit ratio beside the optimal at the largest capacity it won.
    package static func recommendation(_ rows: [SweepRow]) -> String {
        let best = rows.filter(\.best).sorted { $0.capacity < $1.capacity }
        guard let largest = best.last else { return "No recommendation: the sweep has no rows." }
        var wins: [String: Int] = [:]
        for row in best { wins[row.label, default: 0] += 1 }
        let top = wins.values.max() ?? 0
        // Among the labels with the most wins, the one that won the largest capacity.
        let winner = best.last { wins[$0.label] == top } ?? largest
        let capacities = Set(rows.map(\.capacity)).count
        return "Use \(winner.label): it has the highest hit ratio at \(top) of \(capacities) capacities "
            + "(\(String(format: "%.3f", winner.hitRatio)) against an optimal \(String(format: "%.3f", winner.optimalHitRatio)) "
            + "at \(LatencyText.count(winner.capacity)) entries, p99 \(LatencyText.duration(winner.p99)))."
    }
}
