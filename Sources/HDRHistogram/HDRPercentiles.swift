import Foundation

// Percentile-tick iteration as HdrHistogram's Java PercentileIterator (used by the .hgrm output).

/// Percentile ticks of a histogram, following HdrHistogram's Java `PercentileIterator` step by step.
///
/// Ticks start at 0% and are `100 / (ticksPerHalfDistance * 2^(floor(log2(100 / (100 - level))) + 1))`
/// apart, so each halving of the distance to 100% gets `ticksPerHalfDistance` ticks; a slot can be
/// reported at several ticks. A final step at 100% reports the last non-empty slot.
public struct HDRPercentiles: Sequence {
    /// The histogram iterated over.
    public let histogram: HDRHistogram
    /// Reporting ticks per half distance to 100%.
    public let ticksPerHalfDistance: Int

    /// Makes an iterator over the ticks.
    public func makeIterator() -> Iterator {
        Iterator(histogram: histogram, ticksPerHalfDistance: ticksPerHalfDistance)
    }

    /// Iterator over the percentile ticks.
    public struct Iterator: IteratorProtocol {
        public let histogram: HDRHistogram
        public let ticksPerHalfDistance: Int
        public var currentIndex = 0
        public var freshSlot = true
        public var totalCountToCurrentIndex: UInt64 = 0
        public var totalCountToPreviousIndex: UInt64 = 0
        public var levelToIterateTo = 0.0
        public var reachedLastRecordedValue = false

        public init(histogram: HDRHistogram, ticksPerHalfDistance: Int) {
            self.histogram = histogram
            self.ticksPerHalfDistance = Swift.max(ticksPerHalfDistance, 1)
        }

        /// The next tick, or nil after the 100% step.
        public mutating func next() -> HDRIterationValue? {
            let total = histogram.totalCount
            if totalCountToCurrentIndex >= total {
                // One additional last step to 100%.
                guard !reachedLastRecordedValue, total > 0 else { return nil }
                levelToIterateTo = 100
                reachedLastRecordedValue = true
            }
            let counts = histogram.counts
            while currentIndex < counts.count {
                let count = counts[currentIndex]
                if freshSlot {
                    totalCountToCurrentIndex &+= count
                    freshSlot = false
                }
                if count != 0, 100 * Double(totalCountToCurrentIndex) / Double(total) >= levelToIterateTo {
                    let layout = histogram.layout
                    let step = HDRIterationValue(
                        valueIteratedTo: layout.highestEquivalentValue(layout.valueFromIndex(currentIndex)),
                        countAtValueIteratedTo: count,
                        countAddedInThisIterationStep: totalCountToCurrentIndex - totalCountToPreviousIndex,
                        totalCountToThisValue: totalCountToCurrentIndex,
                        percentileLevelIteratedTo: levelToIterateTo
                    )
                    totalCountToPreviousIndex = totalCountToCurrentIndex
                    incrementLevel()
                    return step
                }
                currentIndex += 1
                freshSlot = true
            }
            return nil
        }

        private mutating func incrementLevel() {
            let halvings = (100.0 / (100.0 - levelToIterateTo)).log2Floor
            guard halvings < 62 else {
                levelToIterateTo = .infinity  // only after the 100% step; iteration ends there
                return
            }
            let ticks = Double(ticksPerHalfDistance) * Double(UInt64(1) << UInt64(halvings + 1))
            levelToIterateTo += 100.0 / ticks
        }
    }
}

extension Double {
    /// `floor(log(x) / log(2))` as Java computes it, truncated to an integer (huge for x = infinity).
    fileprivate var log2Floor: Int {
        let exponent = (Foundation.log(self) / Foundation.log(2.0))
        guard exponent.isFinite else { return Int.max }
        return Int(exponent.rounded(.towardZero))
    }
}
