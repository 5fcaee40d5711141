import Foundation
import HDRHistogram
import Testing

@Suite("HDR .hgrm output")
struct HDRPercentileDistributionTests {
    @Test func matchesJavaLayoutForKnownValues() {
        var histogram = HDRHistogram()
        for value: UInt64 in [1, 2, 3, 4] { histogram.record(value) }
        // Worked by hand through Java's PercentileIterator (5 ticks per half distance) and
        // outputPercentileDistribution's format strings, for 3 significant digits and ratio 1.
        let expected = """
                   Value     Percentile TotalCount 1/(1-Percentile)

                   1.000 0.000000000000          1           1.00
                   1.000 0.100000000000          1           1.11
                   1.000 0.200000000000          1           1.25
                   2.000 0.300000000000          2           1.43
                   2.000 0.400000000000          2           1.67
                   2.000 0.500000000000          2           2.00
                   3.000 0.550000000000          3           2.22
                   3.000 0.600000000000          3           2.50
                   3.000 0.650000000000          3           2.86
                   3.000 0.700000000000          3           3.33
                   3.000 0.750000000000          3           4.00
                   4.000 0.775000000000          4           4.44
                   4.000 1.000000000000          4
            #[Mean    =        2.500, StdDeviation   =        1.118]
            #[Max     =        4.000, Total count    =            4]
            #[Buckets =           32, SubBuckets     =         2048]

            """
        #expect(histogram.percentileDistributionText() == expected)
    }

    @Test func scalesValuesAndUsesTheDigitsForDecimals() {
        var histogram = HDRHistogram(significantDigits: 2)
        histogram.record(1_500_000)  // slot 1_499_136 ... 1_507_327 ns
        let text = histogram.percentileDistributionText(outputValueUnitScalingRatio: 1000.0)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == "     1507.33 0.000000000000          1           1.00")
        #expect(lines[3] == "     1507.33 1.000000000000          1")
        #expect(lines[4] == "#[Mean    =      1503.23, StdDeviation   =         0.00]")
        #expect(lines[5] == "#[Max     =      1507.33, Total count    =            1]")
        #expect(lines[6] == "#[Buckets =           35, SubBuckets     =          256]")
        #expect(lines.count == 8 && lines[7].isEmpty)
    }

    @Test func emptyHistogramHasHeaderAndFooterOnly() {
        let lines = HDRHistogram().percentileDistributionText().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "       Value     Percentile TotalCount 1/(1-Percentile)")
        #expect(lines[1] == "")
        #expect(lines[2] == "#[Mean    =        0.000, StdDeviation   =        0.000]")
    }

    @Test(arguments: [
        (0.15, 1, 0, "0.2"), (1.005, 2, 0, "1.01"), (2.5, 0, 0, "3"), (0.0, 3, 12, "       0.000"),
        (1e-5, 3, 0, "0.000"), (0.0005, 3, 0, "0.001"), (9.9996, 3, 0, "10.000"), (123.456, 1, 8, "   123.5"),
        (1e20, 1, 0, "100000000000000000000.0"), (0.1, 12, 2, "0.100000000000"), (1.0 / 3, 2, 14, "          0.33"),
        (-1.25, 1, 0, "-1.3"), (Double.infinity, 2, 0, "Infinity"),
    ])
    func javaFixedFormatting(value: Double, decimals: Int, width: Int, expected: String) {
        #expect(JavaFixedFormat.fixed(value, decimals: decimals, width: width) == expected)
    }
}
