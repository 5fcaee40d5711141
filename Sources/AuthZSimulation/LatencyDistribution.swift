import Foundation

/// A distribution of simulated upstream latencies, in nanoseconds.
public enum LatencyDistribution: Sendable, Equatable {
    /// No latency at all.
    case none
    /// Always the same latency.
    case fixed(nanoseconds: UInt64)
    /// Uniform between two bounds (inclusive).
    case uniform(min: UInt64, max: UInt64)
    /// Log-normal with the given median and 99th percentile (heavy tail, like real upstream calls);
    /// a p99 not above the median is the constant median.
    case logNormal(median: UInt64, p99: UInt64)

    /// The latency for the uniform random numbers `u1`, `u2` in (0, 1).
    public func sample(_ u1: Double, _ u2: Double) -> UInt64 {
        switch self {
        case .none:
            return 0
        case .fixed(let nanoseconds):
            return nanoseconds
        case .uniform(let low, let high):
            return low &+ UInt64(Double(high &- low) * u1)
        case .logNormal(let median, let p99):
            // No spread: a constant, exactly (exp(log(m)) may land a nanosecond below m).
            guard p99 > median else { return median }
            // z(0.99) = 2.3263478740; sigma chosen so that the 99th percentile lands on p99.
            let mu = log(Double(max(median, 1)))
            let sigma = max(0, log(Double(max(p99, median, 1)) / Double(max(median, 1))) / 2.3263478740)
            let z = (-2 * log(max(u1, .leastNonzeroMagnitude))).squareRoot() * cos(2 * .pi * u2)
            return UInt64(min(exp(mu + sigma * z), 3.6e12).rounded())
        }
    }
}
