import AuthZSimulation

/// Percentile bootstrap of the relative change of the median between two samples.
///
/// Each resample draws both samples again, with replacement and independently, from a
/// `SeededGenerator`: the same inputs and seed always give the same interval.
package enum Bootstrap {
    /// Resamples drawn by default.
    package static let defaultResamples = 2_000
    /// The default seed.
    package static let defaultSeed: UInt64 = 0x00C0_FFEE

    /// The median of `values` (mean of the two middle values for an even count); nil when empty.
    package static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The relative change `candidate / baseline - 1`; 0 when both are 0, nil when only the
    /// baseline is 0 (no finite relative change).
    package static func relativeChange(from baseline: Double, to candidate: Double) -> Double? {
        if baseline == 0 { return candidate == 0 ? 0 : nil }
        return candidate / baseline - 1
    }

    /// The `confidence` percentile interval of `median(candidate) / median(baseline) - 1` over
    /// `resamples` bootstrap resamples; nil when a sample is empty or a resampled baseline median
    /// is 0 while its candidate's is not.
    package static func medianChangeInterval(
        baseline: [Double],
        candidate: [Double],
        resamples: Int = defaultResamples,
        confidence: Double = 0.95,
        seed: UInt64 = defaultSeed
    ) -> ClosedRange<Double>? {
        guard !baseline.isEmpty, !candidate.isEmpty, resamples > 0 else { return nil }
        var generator = SeededGenerator(seed: seed)
        var changes: [Double] = []
        changes.reserveCapacity(resamples)
        var scratchA = baseline
        var scratchB = candidate
        for _ in 0..<resamples {
            for index in scratchA.indices { scratchA[index] = baseline[generator.below(baseline.count)] }
            for index in scratchB.indices { scratchB[index] = candidate[generator.below(candidate.count)] }
            guard let a = median(scratchA), let b = median(scratchB), let change = relativeChange(from: a, to: b) else {
                return nil
            }
            changes.append(change)
        }
        changes.sort()
        let tail = (1 - confidence) / 2
        return quantile(changes, tail)...quantile(changes, 1 - tail)
    }

    /// The `q` quantile of sorted `values`, interpolated linearly between closest ranks.
    package static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        let weight = position - Double(low)
        return sorted[low] + (sorted[high] - sorted[low]) * weight
    }
}
