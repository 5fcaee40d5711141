// Iteration over the non-empty slots of a histogram (HdrHistogram's RecordedValuesIterator).

/// The non-empty slots of a histogram, in value order.
struct HDRRecordedValues: Sequence {
    /// The histogram iterated over.
    let histogram: HDRHistogram

    /// Makes an iterator over the non-empty slots.
    func makeIterator() -> Iterator { Iterator(histogram: histogram) }

    /// Iterator over the non-empty slots.
    struct Iterator: IteratorProtocol {
        let histogram: HDRHistogram
        var index = 0
        var cumulative: UInt64 = 0

        init(histogram: HDRHistogram) { self.histogram = histogram }

        /// The next non-empty slot, or nil.
        mutating func next() -> HDRIterationValue? {
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
                    countAtValueIteratedTo: count, countAddedInThisIterationStep: count,
                    totalCountToThisValue: cumulative,
                    percentileLevelIteratedTo: 100 * Double(cumulative) / Double(histogram.totalCount))
            }
            return nil
        }
    }
}
