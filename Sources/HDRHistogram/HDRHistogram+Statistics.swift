// Summary statistics with HdrHistogram's semantics: reported values are equivalent-range values
// (min: lowest equivalent, max and percentiles: highest equivalent, mean: range medians).

extension HDRHistogram {
    /// The first non-empty counts slot, or nil when empty.
    public var firstNonZeroIndex: Int? { counts.firstIndex { $0 != 0 } }
    /// The last non-empty counts slot, or nil when empty.
    public var lastNonZeroIndex: Int? { counts.lastIndex { $0 != 0 } }

    /// The lowest recorded value, as the lowest value equivalent to it (0 when empty).
    public var min: UInt64 {
        guard let index = firstNonZeroIndex else { return 0 }
        return layout.valueFromIndex(index)
    }

    /// The highest recorded value, as the highest value equivalent to it (0 when empty or only 0s).
    public var max: UInt64 {
        guard let index = lastNonZeroIndex, index > 0 else { return 0 }
        return layout.highestEquivalentValue(layout.valueFromIndex(index))
    }

    /// The mean of the recorded values, each taken as the median of its equivalent range (0 when empty).
    ///
    /// The sum is exact (128-bit), so the result is the correctly rounded quotient.
    public var mean: Double {
        guard totalCount > 0 else { return 0 }
        var sum: UInt128 = 0
        for index in 0..<counts.count where counts[index] != 0 {
            let median = layout.medianEquivalentValue(layout.valueFromIndex(index))
            sum &+= UInt128(median) &* UInt128(counts[index])
        }
        return Double(sum) / Double(totalCount)
    }

    /// The population standard deviation of the recorded values (equivalent-range medians).
    public var stdDeviation: Double {
        guard totalCount > 0 else { return 0 }
        let mean = self.mean
        var total = 0.0
        for index in 0..<counts.count where counts[index] != 0 {
            let deviation = Double(layout.medianEquivalentValue(layout.valueFromIndex(index))) - mean
            total += (deviation * deviation) * Double(counts[index])
        }
        return (total / Double(totalCount)).squareRoot()
    }

    /// The value at `percentile` (0...100), exactly as HdrHistogram's `getValueAtPercentile`.
    ///
    /// The rank is `ceil(p / 100 * totalCount)` (at least 1, with `p` nudged down one ulp so that
    /// e.g. 99.9% of 1000 is rank 999, not 1000); the result is the highest value equivalent to the
    /// slot where the cumulative count reaches that rank (the lowest equivalent one for `p == 0`).
    /// Percentiles outside 0...100 are clamped; NaN (and an empty histogram) give 0.
    public func value(atPercentile percentile: Double) -> UInt64 {
        guard totalCount > 0, !percentile.isNaN else { return 0 }
        let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
        let fractionalRank = (requested * Double(totalCount)) / 100
        let rank = Swift.max(UInt64(fractionalRank.rounded(.up)), 1)
        var cumulative: UInt64 = 0
        for index in 0..<counts.count {
            cumulative &+= counts[index]
            if cumulative >= rank {
                let value = layout.valueFromIndex(index)
                return percentile == 0 ? layout.lowestEquivalentValue(value) : layout.highestEquivalentValue(value)
            }
        }
        return 0
    }

    /// The values at `percentiles`, in their order, each exactly ``value(atPercentile:)``'s, found
    /// in one pass over the counts instead of one pass each (a summary of a file's figures asks
    /// for several of every histogram it reads).
    public func values(atPercentiles percentiles: [Double]) -> [UInt64] {
        guard totalCount > 0 else { return percentiles.map { _ in 0 } }
        let ranks = percentiles.map { percentile -> UInt64 in
            guard !percentile.isNaN else { return 0 }
            let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
            return Swift.max(UInt64(((requested * Double(totalCount)) / 100).rounded(.up)), 1)
        }
        var values = percentiles.map { _ in UInt64(0) }
        var pending = percentiles.indices.filter { !percentiles[$0].isNaN }.sorted { ranks[$0] < ranks[$1] }[...]
        var cumulative: UInt64 = 0
        for index in 0..<counts.count where !pending.isEmpty {
            cumulative &+= counts[index]
            while let next = pending.first, cumulative >= ranks[next] {
                let value = layout.valueFromIndex(index)
                values[next] =
                    percentiles[next] == 0 ? layout.lowestEquivalentValue(value) : layout.highestEquivalentValue(value)
                pending.removeFirst()
            }
        }
        return values
    }
}
