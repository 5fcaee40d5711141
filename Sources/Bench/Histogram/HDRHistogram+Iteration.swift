// Iteration over a histogram: recorded values (non-empty slots) and percentile ticks as HdrHistogram's
// PercentileIterator produces them for `outputPercentileDistribution`.

/// One step of a histogram iteration (the fields HdrHistogram's HistogramIterationValue reports).
struct HDRIterationValue: Sendable, Equatable {
    /// The value iterated to: the highest value equivalent to the current slot.
    let valueIteratedTo: UInt64
    /// The count in the current slot.
    let countAtValueIteratedTo: UInt64
    /// Counts added since the previous step.
    let countAddedInThisIterationStep: UInt64
    /// The cumulative count up to and including the current slot.
    let totalCountToThisValue: UInt64
    /// The percentile level this step reports (the tick for percentile iteration).
    let percentileLevelIteratedTo: Double
}

extension HDRHistogram {
    /// The non-empty slots in value order.
    func recordedValues() -> HDRRecordedValues { HDRRecordedValues(histogram: self) }

    /// Percentile ticks as Java's `PercentileIterator` (`ticksPerHalfDistance` ticks per halving to 100%).
    func percentiles(ticksPerHalfDistance: Int = 5) -> HDRPercentiles {
        HDRPercentiles(histogram: self, ticksPerHalfDistance: ticksPerHalfDistance)
    }
}
