import AuthZCore
import BenchHarness

/// The engine's upstream counters as the result's `upstream` section holds them.
extension UpstreamStats {
    /// These counters without the gauge of calls in flight, which the section leaves out (a moment
    /// at the end of the run, not a figure of it): what the section reads back as.
    package var section: UpstreamStats {
        var section = self
        section.inFlight = 0
        return section
    }

    /// Two shards' sections together: every counter summed (each shard has its own engine), the
    /// largest `maxInFlight` (the shards' peaks need not coincide).
    package static func + (lhs: UpstreamStats, rhs: UpstreamStats) -> UpstreamStats {
        var sum = UpstreamStats(maxInFlight: Swift.max(lhs.maxInFlight, rhs.maxInFlight))
        for counter in accumulatingCounters { sum[keyPath: counter] = lhs[keyPath: counter] + rhs[keyPath: counter] }
        return sum
    }
}
