// The .hgrm text: HdrHistogram's Java `outputPercentileDistribution(printStream, ticks, ratio)`.

extension HDRHistogram {
    /// The percentile distribution in HdrHistogram's Java .hgrm layout.
    ///
    /// Values are divided by `outputValueUnitScalingRatio` (1000.0 prints nanoseconds as
    /// microseconds) and printed with `significantDigits` decimals; rows come from
    /// `percentiles(ticksPerHalfDistance:)`, the 100% row has no `1/(1-Percentile)` column, and the
    /// footer reports mean, standard deviation, max, total count, buckets and sub-buckets.
    public func percentileDistributionText(
        outputValueUnitScalingRatio ratio: Double = 1.0,
        ticksPerHalfDistance: Int = 5
    ) -> String {
        let digits = layout.significantDigits
        var out = "       Value     Percentile TotalCount 1/(1-Percentile)\n\n"
        for step in percentiles(ticksPerHalfDistance: ticksPerHalfDistance) {
            let fraction = step.percentileLevelIteratedTo / 100.0
            out += JavaFixedFormat.fixed(Double(step.valueIteratedTo) / ratio, decimals: digits, width: 12)
            out += " " + JavaFixedFormat.fixed(fraction, decimals: 12, width: 2)
            out += " " + JavaFixedFormat.integer(step.totalCountToThisValue, width: 10)
            if step.percentileLevelIteratedTo != 100.0 {
                out += " " + JavaFixedFormat.fixed(1 / (1.0 - fraction), decimals: 2, width: 14)
            }
            out += "\n"
        }
        let mean = JavaFixedFormat.fixed(self.mean / ratio, decimals: digits, width: 12)
        let deviation = JavaFixedFormat.fixed(stdDeviation / ratio, decimals: digits, width: 12)
        out += "#[Mean    = \(mean), StdDeviation   = \(deviation)]\n"
        let maxText = JavaFixedFormat.fixed(Double(max) / ratio, decimals: digits, width: 12)
        out += "#[Max     = \(maxText), Total count    = \(JavaFixedFormat.integer(totalCount, width: 12))]\n"
        out += "#[Buckets = \(JavaFixedFormat.integer(layout.bucketCount, width: 12))"
        out += ", SubBuckets     = \(JavaFixedFormat.integer(layout.subBucketCount, width: 12))]\n"
        return out
    }
}
