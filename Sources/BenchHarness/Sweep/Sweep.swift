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

    /// The strategies a sweep keeps as references for a comparison (`tinylfu-fixed`: Caffeine
    /// 2.6.2's fixed window beside the adaptive `tinylfu`): never recommended over a strategy that
    /// does as well.
    package static let referenceStrategies: Set<String> = [CacheStrategyKind.tinylfuFixed.rawValue]

    /// One sentence: the strategy with the most hits at the most capacities. A tie at a capacity
    /// (equal hits) is a win for each tied strategy: the time per lookup, which varies from run
    /// to run, does not pick between equal hit ratios. Among strategies with as many wins, one
    /// that is not a reference (``referenceStrategies``) first, then the one that won the
    /// largest capacity, then the first given; the others with as many wins are named as tied.
    package static func recommendation(_ rows: [SweepRow]) -> String {
        let capacities = Set(rows.map(\.capacity)).sorted()
        guard !capacities.isEmpty else { return "No recommendation: the sweep has no rows." }
        var wins: [String: Int] = [:]
        var largestWon: [String: Int] = [:]
        var order: [String] = []
        for row in rows where !order.contains(row.label) { order.append(row.label) }
        for (index, capacity) in capacities.enumerated() {
            let here = rows.filter { $0.capacity == capacity }
            let most = here.map(\.hits).max() ?? 0
            for row in here where row.hits == most {
                wins[row.label, default: 0] += 1
                largestWon[row.label] = index
            }
        }
        let top = wins.values.max() ?? 0
        let candidates = order.filter { wins[$0] == top }.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            let referenceA = referenceStrategies.contains(a.split(separator: "/").first.map(String.init) ?? a)
            let referenceB = referenceStrategies.contains(b.split(separator: "/").first.map(String.init) ?? b)
            if referenceA != referenceB { return !referenceA }
            if largestWon[a] != largestWon[b] { return (largestWon[a] ?? 0) > (largestWon[b] ?? 0) }
            return first.offset < second.offset
        }.map(\.element)
        guard let label = candidates.first, let won = largestWon[label],
            let winner = rows.first(where: { $0.label == label && $0.capacity == capacities[won] })
        else { return "No recommendation: the sweep has no rows." }
        let tied = candidates.dropFirst()
        return "Use \(winner.label): it has the highest hit ratio at \(top) of \(capacities.count) capacities"
            + (tied.isEmpty ? "" : " (as do \(tied.joined(separator: ", ")))") + " "
            + "(\(String(format: "%.3f", winner.hitRatio)) against an optimal \(String(format: "%.3f", winner.optimalHitRatio)) "
            + "at \(LatencyText.count(winner.capacity)) entries, p99 \(LatencyText.duration(winner.p99)))."
    }
}
