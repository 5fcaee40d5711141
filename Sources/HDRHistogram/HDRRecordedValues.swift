// Iteration over the non-empty slots of a histogram (HdrHistogram's RecordedValuesIterator).

/// The non-empty slots of a histogram, in value order.
public struct HDRRecordedValues: Sequence {
    /// The histogram iterated over.
    public let histogram: HDRHistogram

    /// Makes an iterator over the non-empty slots.
    public func makeIterator() -> Iterator { Iterator(histogram: histogram) }

    /// Iterator over the non-empty slots.
    public struct Iterator: IteratorProtocol {
        public let histogram: HDRHistogram
        public var index = 0
        public var cumulative: UInt64 = 0

        public init(histogram: HDRHistogram) { self.histogram = histogram }

        /// The next non-empty slot, or nil.
        public mutating func next() -> HDRIterationValue? {
            let counts = histogram.counts
            while index < counts.count {
                let count = counts[index]
                let slot = index
                index += 1
                guard count != 0 else { continue }
                cumulative &+= count
                let layout = histogram.layout
                return HDRIterationValue(
                    valueIteratedTo: layout.highestEquivalentValue(layout.valueFromIndex(slot)),
                    countAtValueIteratedTo: count,
                    countAddedInThisIterationStep: count,
                    totalCountToThisValue: cumulative,
                    percentileLevelIteratedTo: 100 * Double(cumulative) / Double(histogram.totalCount)
                )
            }
            return nil
        }
    }
}
