import AuthZSimulation
import Foundation
import Testing

/// The simulated upstream's latency: log-normal from a median and a 99th percentile.
@Suite("Latency distribution")
struct LatencyDistributionTests {
    /// The standard normal's 99th percentile.
    static let z99 = 2.3263478740

    /// Uniform numbers for which the Box-Muller transform gives exactly `z` (cos(2 pi u2) = 1).
    static func uniforms(z: Double) -> (Double, Double) {
        (exp(-z * z / 2), 1)
    }

    @Test(arguments: [UInt64(1), 999, 200_000_000, 1_000_000_000])
    func anEqualMedianAndP99IsAConstantLatency(median: UInt64) {
        let distribution = LatencyDistribution.logNormal(median: median, p99: median)
        for u1 in stride(from: 0.001, to: 1, by: 0.049) {
            for u2 in stride(from: 0.001, to: 1, by: 0.097) {
                #expect(distribution.sample(u1, u2) == median)
            }
        }
    }

    @Test(arguments: [(UInt64(200_000), UInt64(2_000_000)), (200_000_000, 1_000_000_000), (500_000_000, 2_000_000_000)])
    func theMedianAndTheP99AreWhereTheyWereAskedFor(median: UInt64, p99: UInt64) {
        let distribution = LatencyDistribution.logNormal(median: median, p99: p99)
        let (m1, m2) = Self.uniforms(z: 0)
        #expect(distribution.sample(m1, m2) == median)
        let (p1, p2) = Self.uniforms(z: Self.z99)
        let atP99 = distribution.sample(p1, p2)
        #expect(atP99 >= p99 - 1 && atP99 <= p99 + 1, "\(atP99)")
    }
}
