import HDRHistogram
import Testing

@Suite("HDR percentiles and statistics")
struct HDRPercentileTests {
    static let percentiles: [Double] = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100]

    @Test(arguments: SampleDistribution.allCases, [1, 3, 5])
    func percentilesMatchSortedSamples(distribution: SampleDistribution, digits: Int) {
        let samples = distribution.samples(count: 100_000, seed: 42 &+ UInt64(digits))
        let sorted = samples.sorted()
        var histogram = HDRHistogram(significantDigits: digits)
        for sample in samples { histogram.record(sample) }
        #expect(histogram.totalCount == UInt64(samples.count))
        for percentile in Self.percentiles {
            let exact = exactPercentile(sorted, percentile)
            let reported = histogram.value(atPercentile: percentile)
            #expect(
                histogram.lowestEquivalentValue(exact) <= reported
                    && reported <= histogram.highestEquivalentValue(exact),
                "p\(percentile): reported \(reported), exact \(exact)"
            )
            // HdrHistogram's semantics exactly: the range end (start for p0) of the exact sample's slot.
            let expected =
                percentile == 0 ? histogram.lowestEquivalentValue(exact) : histogram.highestEquivalentValue(exact)
            #expect(reported == expected, "p\(percentile)")
        }
        #expect(histogram.min == histogram.lowestEquivalentValue(sorted[0]))
        #expect(histogram.max == histogram.highestEquivalentValue(sorted[sorted.count - 1]))
        let exactMean = sorted.reduce(0.0) { $0 + Double($1) } / Double(sorted.count)
        var tolerance = 1.0
        for _ in 0..<digits { tolerance /= 10 }
        #expect(abs(histogram.mean - exactMean) / exactMean <= tolerance)
    }

    /// Several percentiles in one pass are each exactly the one-at-a-time value, in any order,
    /// NaN and out-of-range ones included.
    @Test(arguments: SampleDistribution.allCases)
    func severalPercentilesInOnePassAreEachTheSingleOne(distribution: SampleDistribution) {
        var histogram = HDRHistogram()
        for sample in distribution.samples(count: 10_000, seed: 7) { histogram.record(sample) }
        let asked = Self.percentiles.reversed() + [.nan, -5, 150, 50]
        #expect(histogram.values(atPercentiles: asked) == asked.map { histogram.value(atPercentile: $0) })
        #expect(HDRHistogram().values(atPercentiles: [50, 99]) == [0, 0])
    }

    @Test func emptyHistogramReportsZeros() {
        let histogram = HDRHistogram()
        #expect(histogram.value(atPercentile: 50) == 0)
        #expect(histogram.min == 0 && histogram.max == 0 && histogram.mean == 0 && histogram.stdDeviation == 0)
        #expect(Array(histogram.percentiles()).isEmpty)
        #expect(Array(histogram.recordedValues()).isEmpty)
    }

    @Test func rankRuleNudgesPercentileDownOneUlp() {
        // 99.9% of 1000 values is rank 999, not 1000 (99.9 / 100 * 1000 is 999.0000000000001).
        var histogram = HDRHistogram()
        for value in 1...1000 as ClosedRange<UInt64> { histogram.record(value) }
        #expect(histogram.value(atPercentile: 99.9) == 999)
        #expect(histogram.value(atPercentile: 100) == 1000)
        #expect(histogram.value(atPercentile: 50) == 500)
        #expect(histogram.value(atPercentile: 0) == 1)
        #expect(histogram.value(atPercentile: 150) == 1000)
        #expect(histogram.value(atPercentile: -5) == 1)
        #expect(histogram.value(atPercentile: .nan) == 0)
    }

    @Test func meanAndDeviationUseRangeMedians() {
        var histogram = HDRHistogram()
        for value: UInt64 in [1, 2, 3, 4] { histogram.record(value) }
        #expect(histogram.mean == 2.5)
        #expect(histogram.stdDeviation == (1.25 as Double).squareRoot())
        histogram.record(10007)  // slot 10000...10007, median 10004
        #expect(histogram.mean == Double(1 + 2 + 3 + 4 + 10004) / 5)
    }

    @Test func recordedValuesVisitNonEmptySlotsInOrder() {
        var histogram = HDRHistogram()
        histogram.record(5, count: 2)
        histogram.record(123_456)
        histogram.record(123_500)
        histogram.record(1)
        let steps = Array(histogram.recordedValues())
        #expect(steps.map(\.valueIteratedTo) == [1, 5, 123_519])
        #expect(steps.map(\.countAtValueIteratedTo) == [1, 2, 2])
        #expect(steps.map(\.totalCountToThisValue) == [1, 3, 5])
    }

    @Test func percentileTicksFollowJavaIterator() {
        var histogram = HDRHistogram()
        for value: UInt64 in [1, 2, 3, 4] { histogram.record(value) }
        let steps = Array(histogram.percentiles(ticksPerHalfDistance: 5))
        #expect(steps.map(\.percentileLevelIteratedTo) == [0, 10, 20, 30, 40, 50, 55, 60, 65, 70, 75, 77.5, 100])
        #expect(steps.map(\.valueIteratedTo) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4])
        #expect(steps.map(\.totalCountToThisValue) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4])
    }
}
