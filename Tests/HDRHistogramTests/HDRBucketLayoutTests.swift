import HDRHistogram
import Testing

@Suite("HDR bucket layout")
struct HDRBucketLayoutTests {
    // Expected figures from HdrHistogram's Python port (bucket_count, sub_bucket_count, counts_len).
    @Test(arguments: [
        (1, 38, 32, 624), (2, 35, 256, 4608), (3, 32, 2048, 33792), (4, 28, 32768, 475136), (5, 25, 262144, 3_407_872),
    ])
    func layoutMatchesHdrHistogram(digits: Int, buckets: Int, subBuckets: Int, countsLength: Int) throws {
        let layout = try HDRBucketLayout(lowest: 1, highest: 3_600_000_000_000, significantDigits: digits)
        #expect(layout.bucketCount == buckets)
        #expect(layout.subBucketCount == subBuckets)
        #expect(layout.countsLength == countsLength)
        #expect(HDRHistogram(significantDigits: digits).counts.count == countsLength)
    }

    @Test func lowestDiscernibleValueSetsTheUnit() throws {
        let layout = try HDRBucketLayout(lowest: 1000, highest: 3_600_000_000_000, significantDigits: 2)
        #expect(layout.unitMagnitude == 9)
        #expect(layout.bucketCount == 26)
        #expect(layout.countsLength == 3456)
    }

    // (value, lowest equivalent, highest equivalent, range size, median, counts index) from the Python port.
    @Test(arguments: [
        (UInt64(0), UInt64(0), UInt64(0), UInt64(1), UInt64(0), 0),
        (1, 1, 1, 1, 1, 1),
        (2047, 2047, 2047, 1, 2047, 2047),
        (2048, 2048, 2049, 2, 2049, 2048),
        (2049, 2048, 2049, 2, 2049, 2048),
        (10007, 10000, 10007, 8, 10004, 4322),
        (123_456, 123_456, 123_519, 64, 123_488, 8073),
        (999_999_999, 999_817_216, 1_000_341_503, 524_288, 1_000_079_360, 21363),
        (3_600_000_000_000, 3_599_182_594_048, 3_601_330_077_695, 2_147_483_648, 3_600_256_335_872, 33420),
    ])
    func equivalentValues(value: UInt64, lowest: UInt64, highest: UInt64, size: UInt64, median: UInt64, index: Int) {
        let histogram = HDRHistogram()
        #expect(histogram.lowestEquivalentValue(value) == lowest)
        #expect(histogram.highestEquivalentValue(value) == highest)
        #expect(histogram.sizeOfEquivalentValueRange(value) == size)
        #expect(histogram.medianEquivalentValue(value) == median)
        #expect(histogram.nextNonEquivalentValue(value) == highest + 1)
        #expect(histogram.countsIndex(for: value) == index)
        #expect(histogram.valueFromIndex(index) == lowest)
    }

    @Test func invalidParametersAreRejected() {
        #expect(throws: HDRBucketLayout.InvalidParameters.self) {
            try HDRBucketLayout(lowest: 1, highest: 1000, significantDigits: 0)
        }
        #expect(throws: HDRBucketLayout.InvalidParameters.self) {
            try HDRBucketLayout(lowest: 1, highest: 1000, significantDigits: 6)
        }
        #expect(throws: HDRBucketLayout.InvalidParameters.self) {
            try HDRBucketLayout(lowest: 0, highest: 1000, significantDigits: 3)
        }
        #expect(throws: HDRBucketLayout.InvalidParameters.self) {
            try HDRBucketLayout(lowest: 100, highest: 150, significantDigits: 3)
        }
        #expect(throws: HDRBucketLayout.InvalidParameters.self) {
            try HDRBucketLayout(lowest: 1, highest: .max, significantDigits: 3)
        }
    }

    @Test func valuesAboveTheRangeAreClampedAndCounted() {
        var histogram = HDRHistogram(highest: 1_000_000)
        histogram.record(5_000_000)
        histogram.record(7, count: 3)
        histogram.record(UInt64.max, count: 2)
        #expect(histogram.totalCount == 6)
        #expect(histogram.overflowCount == 3)
        #expect(histogram.count(atValue: 1_000_000) == 3)
        #expect(histogram.max == histogram.highestEquivalentValue(1_000_000))
        histogram.reset()
        #expect(histogram.totalCount == 0 && histogram.overflowCount == 0 && histogram.max == 0 && histogram.min == 0)
    }
}
