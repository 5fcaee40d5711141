// Iteration over a histogram: recorded values (non-empty slots) and percentile ticks as HdrHistogram's
// PercentileIterator produces them for `outputPercentileDistribution`.

/// One step of a histogram iteration (the fields HdrHistogram's HistogramIterationValue reports).
public struct HDRIterationValue: Sendable, Equatable {
    /// The value iterated to: the highest value equivalent to the current slot.
    public let valueIteratedTo: UInt64
    /// The count in the current slot.
    public let countAtValueIteratedTo: UInt64
    /// Counts added since the previous step.
    public let countAddedInThisIterationStep: UInt64
    /// The cumulative count up to and including the current slot.
    public let totalCountToThisValue: UInt64
    /// The percentile level this step reports (the tick for percentile iteration).
    public let percentileLevelIteratedTo: Double
}

extension HDRHistogram {
    /// The non-empty slots in value order.
    public func recordedValues() -> HDRRecordedValues { HDRRecordedValues(histogram: self) }

    /// Percentile ticks as Java's `PercentileIterator` (`ticksPerHalfDistance` ticks per halving to 100%).
    public func percentiles(ticksPerHalfDistance: Int = 5) -> HDRPercentiles {
        HDRPercentiles(histogram: self, ticksPerHalfDistance: ticksPerHalfDistance)
    }
}
