// A high-dynamic-range latency histogram with HdrHistogram's bucket layout and semantics.

/// A high-dynamic-range histogram of `UInt64` values (nanoseconds by convention), HdrHistogram-compatible.
///
/// Counts live in one contiguous array allocated at `init`; recording never allocates. The layout,
/// the reported values (equivalent-value ranges, percentiles) and the V2 encoding match HdrHistogram,
/// so payloads and logs are readable by its Java, C and Python ports.
///
/// Values above `highestTrackableValue` are clamped to it when recorded (they still count, in the
/// top slot) and are counted in `overflowCount`, so a clamped run is visible rather than silent.
public struct HDRHistogram: Sendable {
    /// The bucket layout (range, precision, index math).
    public let layout: HDRBucketLayout
    /// One count per slot of `layout`; `counts.count == layout.countsLength`.
    public private(set) var counts: ContiguousArray<UInt64>
    /// The number of recorded values (including clamped ones).
    public private(set) var totalCount: UInt64 = 0
    /// How many recorded values were above `highestTrackableValue` and were clamped to it.
    public private(set) var overflowCount: UInt64 = 0

    /// Creates an empty histogram; traps on parameters HdrHistogram rejects (a programming error).
    public init(lowest: UInt64 = 1, highest: UInt64 = 3_600_000_000_000, significantDigits: Int = 3) {
        do {
            self.init(
                layout: try HDRBucketLayout(lowest: lowest, highest: highest, significantDigits: significantDigits)
            )
        } catch {
            preconditionFailure("invalid HDRHistogram parameters: \(error)")
        }
    }

    /// Creates an empty histogram with a given layout.
    public init(layout: HDRBucketLayout) {
        self.layout = layout
        self.counts = ContiguousArray(repeating: 0, count: layout.countsLength)
    }

    /// Creates a histogram from decoded counts (`counts.count` must equal `layout.countsLength`).
    public init(layout: HDRBucketLayout, counts: ContiguousArray<UInt64>, totalCount: UInt64) {
        precondition(counts.count == layout.countsLength, "counts do not match the layout")
        self.layout = layout
        self.counts = counts
        self.totalCount = totalCount
    }

    /// The lowest discernible value the histogram was created with.
    public var lowestDiscernibleValue: UInt64 { layout.lowestDiscernibleValue }
    /// The highest trackable value; larger recorded values are clamped to it.
    public var highestTrackableValue: UInt64 { layout.highestTrackableValue }
    /// The number of significant decimal digits kept.
    public var significantDigits: Int { layout.significantDigits }

    /// Records one occurrence of `value` (clamped to `highestTrackableValue`, see `overflowCount`).
    @inline(__always)
    public mutating func record(_ value: UInt64) {
        record(value, count: 1)
    }

    /// Records `count` occurrences of `value` (clamped to `highestTrackableValue`, see `overflowCount`).
    @inline(__always)
    public mutating func record(_ value: UInt64, count: UInt64) {
        var value = value
        if value > layout.highestTrackableValue {
            value = layout.highestTrackableValue
            overflowCount &+= count
        }
        let index = layout.countsIndex(value)
        counts.withUnsafeMutableBufferPointer { $0[index] &+= count }
        totalCount &+= count
    }

    /// Adds every count of `other`; a different layout is merged by re-recording its slot values.
    public mutating func add(_ other: HDRHistogram) {
        if other.layout == layout {
            counts.withUnsafeMutableBufferPointer { dst in
                other.counts.withUnsafeBufferPointer { src in
                    for i in 0..<dst.count { dst[i] &+= src[i] }
                }
            }
            totalCount &+= other.totalCount
            overflowCount &+= other.overflowCount
            return
        }
        for index in 0..<other.counts.count where other.counts[index] != 0 {
            record(other.layout.valueFromIndex(index), count: other.counts[index])
        }
        // Values the other histogram had already clamped stay counted as overflow here too.
        overflowCount &+= other.overflowCount
    }

    /// Clears all counts, keeping the layout and the allocation.
    public mutating func reset() {
        counts.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        totalCount = 0
        overflowCount = 0
    }

    /// The count in slot `index` of the counts array.
    public func count(atIndex index: Int) -> UInt64 { counts[index] }

    /// The count recorded for values equivalent to `value` (0 above the trackable range).
    public func count(atValue value: UInt64) -> UInt64 {
        value > layout.highestTrackableValue ? 0 : counts[layout.countsIndex(value)]
    }

    /// The counts slot `value` is recorded in (after clamping to the trackable range).
    public func countsIndex(for value: UInt64) -> Int {
        layout.countsIndex(Swift.min(value, layout.highestTrackableValue))
    }

    /// The lowest value recorded in counts slot `index`.
    public func valueFromIndex(_ index: Int) -> UInt64 { layout.valueFromIndex(index) }
    /// The lowest value equivalent to `value`.
    public func lowestEquivalentValue(_ value: UInt64) -> UInt64 { layout.lowestEquivalentValue(value) }
    /// The highest value equivalent to `value`.
    public func highestEquivalentValue(_ value: UInt64) -> UInt64 { layout.highestEquivalentValue(value) }
    /// The width of the range of values equivalent to `value`.
    public func sizeOfEquivalentValueRange(_ value: UInt64) -> UInt64 { layout.sizeOfEquivalentValueRange(value) }
    /// The next value that is not equivalent to `value`.
    public func nextNonEquivalentValue(_ value: UInt64) -> UInt64 { layout.nextNonEquivalentValue(value) }
    /// The middle of the range of values equivalent to `value`.
    public func medianEquivalentValue(_ value: UInt64) -> UInt64 { layout.medianEquivalentValue(value) }
    /// Whether two values share a counts slot.
    public func valuesAreEquivalent(_ a: UInt64, _ b: UInt64) -> Bool {
        lowestEquivalentValue(a) == lowestEquivalentValue(b)
    }
}

extension HDRHistogram: Equatable {
    /// Two histograms are equal when layouts, counts and the overflow count are equal.
    public static func == (lhs: HDRHistogram, rhs: HDRHistogram) -> Bool {
        lhs.layout == rhs.layout && lhs.totalCount == rhs.totalCount
            && lhs.overflowCount == rhs.overflowCount && lhs.counts == rhs.counts
    }
}
