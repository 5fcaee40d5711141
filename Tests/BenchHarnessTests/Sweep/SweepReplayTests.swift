import AuthZCore
import BenchHarness
import HDRHistogram
import TestSupport
import Testing

/// The sweep replays what the engine would look up, and the real caches agree with plain
/// reference implementations of their policies on the same sequence.
@Suite("Sweep replay")
struct SweepReplayTests {
    @Test(arguments: [UInt64(11), 12, 13])
    func traceReplayMatchesReferenceLRUAndSIEVE(seed: UInt64) throws {
        let records = SweepFixtures.records(seed: seed, count: 3_000, devices: 30, resources: 40, logoutEvery: 80)
        // Through the file format, as `sweep --trace` reads it.
        let decoded = try TraceCSV.decode(Array(TraceCSV.encode(records).utf8), source: "t.csv")
        let sequence = AccessSequence.replaying(decoded)
        let reference = SweepFixtures.referenceKeys(records)
        #expect(sequence.count == reference.count)
        let plan = Sweep.Plan(strategies: [.lru, .sieve], capacities: [8, 32, 128], shards: [])
        let rows = Sweep.run(sequence, plan: plan)
        #expect(rows.count == 6)
        for row in rows {
            let hits: Int
            if row.strategy == "lru" {
                var lru = ReferenceLRU(capacity: row.capacity)
                hits = reference.filter { lru.access($0) }.count
            } else {
                var sieve = ReferenceSIEVE(capacity: row.capacity)
                hits = reference.filter { sieve.access($0) }.count
            }
            #expect(row.hits == hits, "\(row.strategy) at \(row.capacity)")
            #expect(row.requests == reference.count)
            #expect(row.responseTime.totalCount == UInt64(reference.count))
            #expect(row.optimalHits >= row.hits)
        }
    }

    /// A trace of `seed` replayed against `kind` at four capacities hits as `Reference` does.
    func expectReplayMatches<Reference: ReferencePolicy>(_ kind: CacheStrategyKind, _: Reference.Type, seed: UInt64) {
        let records = SweepFixtures.records(seed: seed, count: 4_000, devices: 40, resources: 60, logoutEvery: 200)
        let reference = SweepFixtures.referenceKeys(records)
        let rows = Sweep.run(
            AccessSequence.replaying(records),
            plan: Sweep.Plan(strategies: [kind], capacities: [1, 10, 37, 200], shards: [])
        )
        #expect(rows.count == 4)
        for row in rows {
            var policy = Reference(capacity: row.capacity)
            #expect(row.hits == reference.filter { policy.access($0) }.count, "\(kind.rawValue) at \(row.capacity)")
        }
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func traceReplayMatchesReferenceS3FIFO(seed: UInt64) {
        expectReplayMatches(.s3fifo, ReferenceS3FIFO.self, seed: seed)
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func traceReplayMatchesReferenceLIRS(seed: UInt64) {
        expectReplayMatches(.lirs, ReferenceLIRS.self, seed: seed)
    }

    @Test func aLogoutMakesTheDevicesNextLookupsCompulsoryMisses() {
        let records = [
            TraceRecord(timeMillis: 0, op: .get, device: "d1", requestor: "r", resource: "x"),
            TraceRecord(timeMillis: 1, op: .check, device: "d1", requestor: "r", resource: "x"),
            TraceRecord(timeMillis: 2, op: .verify, device: "d1", requestor: "r", resource: "x"),
            TraceRecord(timeMillis: 3, op: .logout, device: "d1", requestor: "r", resource: ""),
            TraceRecord(timeMillis: 4, op: .get, device: "d1", requestor: "r", resource: "x"),
            TraceRecord(timeMillis: 5, op: .get, device: "d2", requestor: "r", resource: "x"),
        ]
        let sequence = AccessSequence.replaying(records)
        #expect(sequence.keys == [0, 0, 1, 2])
        #expect(sequence.keyParts.map(\.guid) == ["d1-g0", "d1-g1", "d2-g0"])
        #expect(sequence.records == 6)
        let rows = Sweep.run(sequence, plan: Sweep.Plan(strategies: [.lru], capacities: [10], shards: []))
        #expect(rows.first?.hits == 1)
        #expect(rows.first?.optimalHits == 1)
    }

    @Test func theSyntheticWorkloadIsDeterministicForASeed() {
        let workload = AccessSequence.Workload(
            Scenario.with {
                $0.devices = 500
                $0.requestors = 5
                $0.resources = 100
                $0.zipf = 1
                $0.mix = OperationMix(get: 50, check: 20, verify: 10, logout: 10, attack: 10)
                $0.seed = 7
            },
            requests: 5_000
        )
        let a = AccessSequence.synthetic(workload)
        let b = AccessSequence.synthetic(workload)
        #expect(a.keys == b.keys)
        #expect(a.keyParts == b.keyParts)
        var other = workload
        other.scenario.seed = 8
        #expect(AccessSequence.synthetic(other).keys != a.keys)
        // Attacks are generated but not counted; the rest are.
        #expect(a.records < 5_000 && a.records > 4_000)
        #expect(a.count == (a.operationCounts[.get] ?? 0) + (a.operationCounts[.check] ?? 0))
        // Keys use the harness's GUID form and names.
        #expect(
            a.keyParts.allSatisfy { $0.guid.hasPrefix("d") && $0.guid.contains("-g") && $0.resource.hasPrefix("res-") }
        )
    }

    @Test func bestIsTheMostHitsThenTheLowerP99() {
        func row(_ strategy: String, capacity: Int, hits: Int, latency: UInt64) -> SweepRow {
            var histogram = HDRHistogram()
            histogram.record(latency, count: 10)
            return SweepRow(
                strategy: strategy,
                capacity: capacity,
                shards: nil,
                requests: 100,
                hits: hits,
                optimalHits: 90,
                responseTime: histogram,
                elapsedNanos: 1_000,
                bytesPerEntry: 100
            )
        }
        var rows = [
            row("lru", capacity: 10, hits: 50, latency: 300), row("sieve", capacity: 10, hits: 50, latency: 200),
            row("mutex", capacity: 10, hits: 40, latency: 100),
            row("lru", capacity: 20, hits: 70, latency: 300), row("sieve", capacity: 20, hits: 60, latency: 200),
        ]
        Sweep.markBest(&rows)
        #expect(rows.map(\.best) == [false, true, false, true, false])
        let sentence = Sweep.recommendation(rows)
        #expect(sentence.hasPrefix("Use lru:"))
        #expect(sentence.split(separator: "\n").count == 1)
    }
}
