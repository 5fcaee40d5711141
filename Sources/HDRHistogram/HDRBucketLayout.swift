// HdrHistogram's bucket layout: the value range, the precision, and the index math between values
// and counts slots. The arithmetic follows HdrHistogram (Java's AbstractHistogram) so that counts
// arrays, encodings and reported values are interchangeable with the Java, C and Python ports.

/// The bucket layout of an HdrHistogram: value range, precision, and the value <-> counts-index math.
///
/// Buckets double in size; each holds `subBucketCount` sub-buckets (the first bucket all of them,
/// the others only their upper half), so every value is kept to `significantDigits` decimal digits.
public struct HDRBucketLayout: Sendable, Equatable {
    /// The smallest value distinguishable from 0 (rounded down to a power of two for the layout).
    public let lowestDiscernibleValue: UInt64
    /// The largest value the histogram tracks; larger values are clamped to it when recorded.
    public let highestTrackableValue: UInt64
    /// The number of significant decimal digits kept (1...5).
    public let significantDigits: Int
    /// log2 of the unit (the width of the finest sub-bucket).
    public let unitMagnitude: Int
    /// log2 of half the number of sub-buckets in a bucket.
    public let subBucketHalfCountMagnitude: Int
    /// The number of sub-buckets in a bucket (a power of two >= 2 * 10^digits).
    public let subBucketCount: Int
    /// Half of `subBucketCount`.
    public let subBucketHalfCount: Int
    /// The mask of bits below the top sub-bucket bit, shifted by the unit magnitude.
    public let subBucketMask: UInt64
    /// The number of buckets needed to cover `highestTrackableValue`.
    public let bucketCount: Int
    /// The number of count slots: `(bucketCount + 1) * subBucketHalfCount`.
    public let countsLength: Int
    /// `64 - unitMagnitude - log2(subBucketCount)`, the base of the leading-zero bucket index.
    public let leadingZeroCountBase: Int

    /// Why a layout cannot be built (message names the offending parameter).
    public struct InvalidParameters: Error, CustomStringConvertible {
        /// What is wrong, in one line.
        public let description: String
    }

    /// Builds the layout, or throws when the parameters are outside HdrHistogram's rules.
    public init(lowest: UInt64, highest: UInt64, significantDigits: Int) throws(InvalidParameters) {
        guard (1...5).contains(significantDigits) else {
            throw InvalidParameters(description: "significant digits must be 1...5, got \(significantDigits)")
        }
        guard lowest >= 1 else {
            throw InvalidParameters(description: "lowest discernible value must be >= 1, got \(lowest)")
        }
        guard highest <= UInt64(Int64.max) else {
            throw InvalidParameters(description: "highest trackable value must be <= \(Int64.max), got \(highest)")
        }
        guard lowest <= UInt64(Int64.max) / 2, highest >= 2 * lowest else {
            throw InvalidParameters(
                description: "highest trackable value (\(highest)) must be >= 2 * lowest (\(lowest))"
            )
        }
        var largestSingleUnitValue: UInt64 = 2
        for _ in 0..<significantDigits { largestSingleUnitValue *= 10 }
        var subBucketCountMagnitude = 0
        while (UInt64(1) << UInt64(subBucketCountMagnitude)) < largestSingleUnitValue { subBucketCountMagnitude += 1 }
        let unitMagnitude = 63 - lowest.leadingZeroBitCount
        let halfMagnitude = max(subBucketCountMagnitude - 1, 0)
        guard unitMagnitude + halfMagnitude <= 61 else {
            throw InvalidParameters(
                description: "lowest discernible value \(lowest) is too large for \(significantDigits) digits"
            )
        }
        let subBucketCount = 1 << (halfMagnitude + 1)
        self.lowestDiscernibleValue = lowest
        self.highestTrackableValue = highest
        self.significantDigits = significantDigits
        self.unitMagnitude = unitMagnitude
        self.subBucketHalfCountMagnitude = halfMagnitude
        self.subBucketCount = subBucketCount
        self.subBucketHalfCount = subBucketCount / 2
        self.subBucketMask = UInt64(subBucketCount - 1) << UInt64(unitMagnitude)
        self.leadingZeroCountBase = 64 - unitMagnitude - (halfMagnitude + 1)
        // Buckets needed to cover `highest`: the first covers subBucketCount << unitMagnitude values,
        // each further bucket doubles the covered range.
        var smallestUntrackable = UInt64(subBucketCount) << UInt64(unitMagnitude)
        var buckets = 1
        while smallestUntrackable <= highest {
            if smallestUntrackable > UInt64(Int64.max) / 2 {
                buckets += 1
                break
            }
            smallestUntrackable <<= 1
            buckets += 1
        }
        self.bucketCount = buckets
        self.countsLength = (buckets + 1) * (subBucketCount / 2)
    }

    /// The bucket (power-of-two range) a value falls in, from its leading-zero count.
    @inline(__always)
    public func bucketIndex(_ value: UInt64) -> Int {
        leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
    }

    /// The sub-bucket of `value` inside `bucketIndex`.
    @inline(__always)
    public func subBucketIndex(_ value: UInt64, bucketIndex: Int) -> Int {
        Int(truncatingIfNeeded: value &>> UInt64(bucketIndex + unitMagnitude))
    }

    /// The counts slot of a value (no range check: callers clamp to `highestTrackableValue`).
    @inline(__always)
    public func countsIndex(_ value: UInt64) -> Int {
        let bucket = bucketIndex(value)
        let subBucket = subBucketIndex(value, bucketIndex: bucket)
        return ((bucket + 1) << subBucketHalfCountMagnitude) + (subBucket - subBucketHalfCount)
    }

    /// The lowest value that maps to counts slot `index`.
    public func valueFromIndex(_ index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket + unitMagnitude)
    }

    /// The width of the range of values that are equivalent to `value` (share its counts slot).
    public func sizeOfEquivalentValueRange(_ value: UInt64) -> UInt64 {
        let bucket = bucketIndex(value)
        let subBucket = subBucketIndex(value, bucketIndex: bucket)
        let shift = unitMagnitude + (subBucket >= subBucketCount ? bucket + 1 : bucket)
        return shift >= 64 ? UInt64.max : UInt64(1) << UInt64(shift)
    }

    /// The lowest value equivalent to `value`.
    public func lowestEquivalentValue(_ value: UInt64) -> UInt64 {
        let bucket = bucketIndex(value)
        let subBucket = subBucketIndex(value, bucketIndex: bucket)
        return UInt64(subBucket) << UInt64(bucket + unitMagnitude)
    }

    /// The next value that is not equivalent to `value` (saturates at `UInt64.max`).
    public func nextNonEquivalentValue(_ value: UInt64) -> UInt64 {
        let (sum, overflow) = lowestEquivalentValue(value).addingReportingOverflow(sizeOfEquivalentValueRange(value))
        return overflow ? UInt64.max : sum
    }

    /// The highest value equivalent to `value`.
    public func highestEquivalentValue(_ value: UInt64) -> UInt64 {
        let next = nextNonEquivalentValue(value)
        return next == UInt64.max ? UInt64.max : next - 1
    }

    /// The middle of the range of values equivalent to `value`.
    public func medianEquivalentValue(_ value: UInt64) -> UInt64 {
        lowestEquivalentValue(value) &+ (sizeOfEquivalentValueRange(value) >> 1)
    }
}
