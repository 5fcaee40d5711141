import Foundation
import Testing

@testable import BenchResults

@Suite struct StudentTTests {
    @Test(arguments: [
        (1.0, 0.975, 12.706204736174694), (5, 0.975, 2.5705818356363146), (5, 0.8, 0.9195437802408271),
        (30, 0.975, 2.0422724563012378), (1e7, 0.975, 1.959964221767205), (4, 0.001, -7.1731822197823085),
        (5, 0.5, 0),
    ])
    func quantiles(degreesOfFreedom: Double, p: Double, expected: Double) {
        let quantile = StudentT(degreesOfFreedom: degreesOfFreedom).quantile(p)
        #expect(abs(quantile - expected) <= 1e-9 * max(1, expected.magnitude), "\(quantile)")
    }

    @Test(arguments: [
        (5.0, 2.0, 0.10193947882985835), (1, 1, 0.5), (179, 3, 0.00308473694212), (5, -1.5, 0.1939036802424733),
        (5, 0, 1), (5, .infinity, 0),
    ])
    func twoSidedPValues(degreesOfFreedom: Double, t: Double, expected: Double) {
        let p = StudentT(degreesOfFreedom: degreesOfFreedom).twoSidedP(t)
        #expect(abs(p - expected) <= 1e-10, "\(p)")
    }

    @Test func theCumulativeDistributionIsSymmetricAndMonotone() {
        let distribution = StudentT(degreesOfFreedom: 7)
        let points = stride(from: -6.0, through: 6, by: 0.25).map(distribution.cdf)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(distribution.cdf(-1.3) + distribution.cdf(1.3) - 1) < 1e-14)
        #expect(distribution.cdf(0) == 0.5)
    }
}
