import AuthZCore
import BenchHarness
import TestSupport
import Testing

/// A sweep's hit ratios depend on its seed only: the keys' hashes, the sketches and the generators
/// all derive from it, never from the process.
@Suite("Sweep determinism")
struct SweepDeterminismTests {
    static let zipfWorkload = AccessSequence.Workload(
        Scenario.with {
            $0.devices = 2_000
            $0.requestors = 5
            $0.resources = 500
            $0.zipf = 1
            $0.seed = 3
        },
        requests: 20_000
    )

    @Test func theSameSeedGivesTheSameHitsEveryTime() {
        let sequence = AccessSequence.synthetic(Self.zipfWorkload)
        let plan = Sweep.Plan(
            strategies: [.tinylfu, .tinylfuFixed, .s3fifo, .lirs, .mutex, .sharded],
            capacities: [300, 3_000],
            shards: [4],
            seed: 42
        )
        let first = Sweep.run(sequence, plan: plan).map(\.hits)
        // Each run makes its caches afresh: a seed drawn per cache or per process would show here.
        for _ in 0..<2 {
            #expect(Sweep.run(sequence, plan: plan).map(\.hits) == first)
        }
        #expect(first.allSatisfy { $0 > 0 })
    }

    @Test func rehashedKeysAreTheSameKeysUnderAnotherHash() {
        let key = AuthorizationKey(authNGUID: "device-7-g0", requestorID: "NBC", resourceID: "res-1")
        let a = AuthorizationKey(rehashing: key, hashKey: (1, 2))
        let b = AuthorizationKey(rehashing: key, hashKey: (1, 2))
        let c = AuthorizationKey(rehashing: key, hashKey: (3, 4))
        #expect(a == b && a.precomputedHash == b.precomputedHash)
        #expect(a.precomputedHash != c.precomputedHash)
        #expect(a.parts?.resourceID == "res-1")
        let other = AuthorizationKey(
            rehashing: AuthorizationKey(
                authNGUID: "device-7-g0",
                requestorID: "NBC",
                resourceID: "res-2"
            ),
            hashKey: (1, 2)
        )
        #expect(a != other)
    }
}
