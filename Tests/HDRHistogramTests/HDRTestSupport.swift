// Deterministic sample generators for the histogram tests.

import AuthZSimulation
import Foundation

/// The sample shapes the percentile tests use.
enum SampleDistribution: String, CaseIterable, Sendable, CustomStringConvertible {
    case uniform, logNormal, bimodal

    /// The case name.
    var description: String { rawValue }

    /// `count` samples (nanoseconds) drawn with `seed`.
    func samples(count: Int, seed: UInt64) -> [UInt64] {
        var rng = SeededGenerator(seed: seed)
        func normal() -> Double {
            let u1 = Double.random(in: Double.ulpOfOne..<1, using: &rng)
            let u2 = Double.random(in: 0..<1, using: &rng)
            return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        }
        return (0..<count).map { _ in
            switch self {
            case .uniform:
                return UInt64.random(in: 1...1_000_000_000, using: &rng)
            case .logNormal:
                return UInt64(exp(log(200_000.0) + 1.2 * normal()).rounded())
            case .bimodal:
                let fast = Double.random(in: 0..<1, using: &rng) < 0.9
                let centre = fast ? 50_000.0 : 20_000_000.0
                return UInt64(Swift.max(1, centre * (1 + 0.15 * normal())).rounded())
            }
        }
    }
}

/// The exact value at `percentile` of sorted samples, with HdrHistogram's rank rule.
func exactPercentile(_ sorted: [UInt64], _ percentile: Double) -> UInt64 {
    let rank = Swift.max(
        UInt64((Swift.min(Swift.max(percentile.nextDown, 0), 100) * Double(sorted.count) / 100).rounded(.up)),
        1
    )
    return sorted[Int(rank) - 1]
}
