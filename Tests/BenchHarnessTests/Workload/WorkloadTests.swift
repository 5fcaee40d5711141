import AuthZCore
import Testing

@Suite("Workload generation")
struct WorkloadTests {
    static func operations(seed: UInt64, worker: Int = 0, count: Int = 5_000) -> [Operation] {
        var mix = OperationMix()
        mix.get = 50
        mix.check = 20
        mix.verify = 10
        mix.logout = 5
        mix.attack = 15
        var stream = OperationStream(
            seed: seed,
            shard: 0,
            worker: worker,
            mix: mix,
            deviceCount: 1_000,
            resources: ZipfSampler(count: 500, exponent: 1.0)
        )
        return (0..<count).map { _ in stream.next() }
    }

    @Test("The same seed gives the same operations; another seed or worker does not")
    func determinism() {
        let first = Self.operations(seed: 42)
        #expect(first == Self.operations(seed: 42))
        #expect(first != Self.operations(seed: 43))
        #expect(first != Self.operations(seed: 42, worker: 1))
    }

    @Test("Kinds follow the mix and attacks cycle round robin")
    func mixShares() {
        let operations = Self.operations(seed: 7, count: 100_000)
        let attacks = operations.compactMap(\.attack)
        let share = Double(attacks.count) / Double(operations.count)
        #expect(abs(share - 0.15) < 0.01)
        for (n, attack) in attacks.prefix(20).enumerated() {
            #expect(attack == AttackKind.allCases[n % AttackKind.allCases.count])
        }
        let logouts = operations.filter { $0.kind == .logout }.count
        #expect(abs(Double(logouts) / Double(operations.count) - 0.05) < 0.005)
        #expect(operations.allSatisfy { (0..<1_000).contains($0.device) && (0..<500).contains($0.resource) })
    }

    @Test("Zipf ranks match the probability mass function", arguments: [0.0, 0.8, 1.2])
    func zipfFrequencies(exponent: Double) {
        let sampler = ZipfSampler(count: 100, exponent: exponent)
        var normaliser = 0.0
        for k in 1...100 { normaliser += 1 / Double.pow(Double(k), exponent) }
        var generator = SeededGenerator(seed: 9)
        var counts = [Int](repeating: 0, count: 100)
        let draws = 400_000
        for _ in 0..<draws { counts[sampler.sample(using: &generator)] += 1 }
        for rank in [0, 1, 2, 9, 49, 99] {
            let expected = 1 / Double.pow(Double(rank + 1), exponent) / normaliser
            #expect(abs(sampler.probability(of: rank) - expected) < 1e-9)
            let observed = Double(counts[rank]) / Double(draws)
            // Within 5 standard deviations of a binomial proportion, or 0.1% absolute.
            let sd = (expected * (1 - expected) / Double(draws)).squareRoot()
            #expect(abs(observed - expected) < max(5 * sd, 0.001), "rank \(rank): \(observed) vs \(expected)")
        }
    }

    @Test("Device info and trust lists are deterministic; one MVPD is trusted by no requestor")
    func population() {
        #expect(Population.deviceInfo(seed: 1, index: 5) == Population.deviceInfo(seed: 1, index: 5))
        #expect(Population.deviceInfo(seed: 1, index: 5) != Population.deviceInfo(seed: 2, index: 5))
        let directory = WorkloadDirectory(requestors: 20, mvpds: 10, resources: 10)
        #expect(directory.allowedMVPDs.allSatisfy { !$0.contains(directory.untrustedMVPD) && $0.count >= 7 })
        #expect(Population.localCount(devices: 10, shardIndex: 0, shardCount: 3) == 4)
        #expect(Population.localCount(devices: 10, shardIndex: 2, shardCount: 3) == 3)
    }
}

extension Double {
    fileprivate static func pow(_ base: Double, _ exponent: Double) -> Double {
        exponent == 0 ? 1 : exp(exponent * log(base))
    }
}

#if canImport(Glibc)
import Glibc
import AuthZSimulation
import BenchHarness
#endif
