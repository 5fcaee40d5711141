import AuthZCore
import AuthZSimulation
import BenchHarness
import Testing

/// Whole runs with many requests parked on a slow simulated upstream at once: every request
/// completes exactly once, and what is recorded adds up.
@Suite("Harness runs with thousands of parked requests", .serialized)
struct HarnessRunConcurrencyTests {
    /// From empty caches, every first request of a (device, favourite) waits for the upstream.
    static func coldScenario() -> Scenario {
        var scenario = Scenario()
        scenario.devices = 5_000
        scenario.threads = 2
        scenario.algorithm = .hs256
        scenario.loop = .open(rate: 3_000)
        scenario.warmupMillis = 200
        scenario.durationMillis = 1_000
        scenario.mix = OperationMix(get: 50, check: 50, verify: 0)
        scenario.backendMedianMicros = 200_000
        scenario.backendP99Micros = 500_000
        scenario.cold = true
        return scenario
    }

    @Test("Thousands of parked requests: each completes once, codes and histograms add up")
    func thousandsParked() throws {
        let reports = Locked<[IntervalReport]>([])
        let outcome = try Harness.run(
            Self.coldScenario(),
            progress: nil,
            onInterval: { report in reports.withLock { $0.append(report) } }
        )
        let requests = UInt64(outcome.summary.requests)
        let intervals = reports.withLock { $0 }
        #expect(!outcome.summary.invalidReasons.contains { $0.contains("completion") || $0.contains("parked") })
        #expect(outcome.summary.codes.values.reduce(0, +) == outcome.summary.requests)
        #expect(outcome.latency[.responseTime]?.totalCount == requests)
        #expect(outcome.latency[.serviceTime]?.totalCount == requests)
        #expect(outcome.intervals.map(\.requests).reduce(0, +) == outcome.summary.requests)
        // One in-flight sample per measured send, and every measured send completed once.
        #expect(outcome.inFlight?.totalCount == requests)
        #expect(intervals.map(\.inFlight.totalCount).reduce(0, +) == requests)
        // The live reports carry each interval's codes: they add up to the run's.
        var codes: [String: Int] = [:]
        for interval in intervals {
            for (code, count) in interval.codes where count > 0 { codes[code.rawValue, default: 0] += count }
        }
        #expect(codes == outcome.summary.codes)
        let maxInFlight = try #require(outcome.summary.maxInFlight)
        let inFlight = try #require(outcome.inFlight)
        #expect(maxInFlight > 1)
        #expect(UInt64(maxInFlight) <= inFlight.max + inFlight.max / 500)
        // Most requests went to a (device, favourite) not asked before: thousands waited.
        let parked = try #require(outcome.latency[.upstreamWait]?.totalCount)
        #expect(parked > requests / 2 && parked >= 1_000)
        #expect((outcome.upstream?.calls ?? 0) > 0 && outcome.upstream?.inFlight == 0)
        #expect(outcome.prewarm == nil)
    }

    @Test("Steady state: every device authorized for its favourites before the warm-up")
    func steadyState() throws {
        var scenario = Self.coldScenario()
        scenario.cold = false
        scenario.devices = 500
        scenario.backendDenyRatio = 0
        scenario.loop = .open(rate: 1_000)
        let outcome = try Harness.run(scenario, progress: nil)
        let prewarm = try #require(outcome.prewarm)
        #expect(prewarm.devices == 500)
        #expect(prewarm.authorizations == 500 * scenario.favorites)
        // Authorized before the load and not expired since: no request waits for the upstream.
        #expect(outcome.latency[.upstreamWait]?.totalCount == 0)
        #expect(outcome.summary.codes[ResultCode.validToken.rawValue] == outcome.summary.requests)
        // The result's counters cover the load only: the prewarm's calls are not in them.
        #expect(outcome.upstream?.calls == 0)
    }

    @Test("Closed loop: sessions beyond the workers, each with at most one request in flight")
    func closedLoopSessions() throws {
        var scenario = Self.coldScenario()
        scenario.loop = .closed
        scenario.concurrency = 64
        scenario.backendMedianMicros = 20_000
        scenario.backendP99Micros = 50_000
        scenario.durationMillis = 500
        let outcome = try Harness.run(scenario, progress: nil)
        #expect(outcome.summary.requests > 0)
        #expect(outcome.summary.codes.values.reduce(0, +) == outcome.summary.requests)
        #expect(outcome.latency[.startLag]?.totalCount == 0)
        #expect((outcome.summary.maxInFlight ?? 0) <= 64)
        #expect(!outcome.summary.invalidReasons.contains { $0.contains("completion") || $0.contains("parked") })
    }

    @Test("One device works with two workers, and every request goes to one of the device's favourites")
    func oneDeviceTwoWorkers() throws {
        var scenario = Self.coldScenario()
        scenario.devices = 1
        scenario.favorites = 3
        scenario.loop = .open(rate: 500)
        scenario.backendMedianMicros = 1_000
        scenario.backendP99Micros = 2_000
        scenario.durationMillis = 400
        scenario.warmupMillis = 0
        let outcome = try Harness.run(scenario, progress: nil, recordTrace: true)
        #expect(outcome.summary.requests > 0)
        #expect(outcome.summary.codes.values.reduce(0, +) == outcome.summary.requests)
        let trace = try #require(outcome.trace)
        #expect(Set(trace.entries.map(\.device)) == [0])
        #expect(Set(trace.entries.map(\.worker)) == [0])
        #expect(Set(trace.entries.map(\.resource)).count <= 3)
    }

    @Test("Each device's requests go to its favourites only", arguments: [1, 3])
    func favouritesRespected(favorites: Int) throws {
        var scenario = Self.coldScenario()
        scenario.devices = 40
        scenario.favorites = favorites
        scenario.loop = .open(rate: 2_000)
        scenario.backendMedianMicros = 1_000
        scenario.backendP99Micros = 2_000
        scenario.durationMillis = 500
        scenario.warmupMillis = 0
        let outcome = try Harness.run(scenario, progress: nil, recordTrace: true)
        let trace = try #require(outcome.trace)
        var byDevice: [UInt32: Set<Int32>] = [:]
        for entry in trace.entries where entry.op <= 1 { byDevice[entry.device, default: []].insert(entry.resource) }
        #expect(byDevice.count > 1)
        let popularity = ZipfSampler(count: scenario.resources, exponent: scenario.zipf)
        for (device, resources) in byDevice {
            var drawn = DeviceFavorites(wanted: favorites, resourceCount: scenario.resources)
            drawn.append(device: Int(device), seed: scenario.seed, popularity: popularity)
            #expect(resources.count <= favorites)
            #expect(resources.isSubset(of: Set(drawn.resources)), "device \(device)")
        }
    }

    @Test("The measured requests are exactly the scheduled ones", arguments: Scenario.Arrivals.allCases)
    func scheduledCount(arrivals: Scenario.Arrivals) throws {
        var scenario = Self.coldScenario()
        scenario.devices = 3  // two workers with unequal shares of the rate
        scenario.arrivals = arrivals
        scenario.loop = .open(rate: 2_000)
        scenario.backendMedianMicros = 1_000
        scenario.backendP99Micros = 2_000
        scenario.warmupMillis = 100
        scenario.durationMillis = 500
        let outcome = try Harness.run(scenario, progress: nil)
        let plans = WorkerPlan.plans(for: scenario, deviceCounts: [2, 1])
        let measured =
            UInt64(scenario.warmupMillis) * 1_000_000..<UInt64(scenario.warmupMillis + scenario.durationMillis)
            * 1_000_000
        let scheduled = plans.compactMap { $0.schedule() }.map { ArrivalSchedule.count($0, in: measured) }.reduce(0, +)
        #expect(outcome.summary.requests == scheduled)
    }
}
