import AuthZCore
import AuthZSimulation
import BenchHarness
import Testing

/// How a run is split between workers, and the pieces a worker keeps: its schedule, its
/// devices' favourites, its table of parked requests.
@Suite("Worker plans, schedules, favourites and the pending table")
struct WorkerPlanningTests {
    @Test(
        "Rate and sessions follow the devices; a worker without devices has neither",
        arguments: [(1, 4), (3, 2), (5, 2), (10, 3), (10_000, 2)]
    )
    func split(devices: Int, threads: Int) {
        var scenario = Scenario()
        scenario.devices = devices
        scenario.threads = threads
        scenario.loop = .open(rate: 3_000)
        scenario.concurrency = 7
        let counts = (0..<threads).map { w in devices > w ? (devices - w + threads - 1) / threads : 0 }
        let plans = WorkerPlan.plans(for: scenario, deviceCounts: counts)
        let rates = plans.compactMap(\.rate)
        #expect(abs(rates.reduce(0, +) - 3_000) < 1e-6)
        #expect(plans.map(\.sessions).reduce(0, +) == 7)
        for plan in plans {
            #expect(plan.isActive == (plan.devices > 0))
            if let rate = plan.rate { #expect(abs(rate - 3_000 * Double(plan.devices) / Double(devices)) < 1e-6) }
        }
        // Active workers interleave: each starts a distinct fraction (0..<1) of its own period in.
        let phases = plans.filter(\.isActive).map { $0.laneOffset / $0.stride }
        #expect(Set(phases).count == phases.count && phases.allSatisfy { (0..<1).contains($0) })
    }

    @Test("Closed loop: one session per active worker by default")
    func defaultSessions() {
        var scenario = Scenario()
        scenario.loop = .closed
        scenario.threads = 4
        let plans = WorkerPlan.plans(for: scenario, deviceCounts: [1, 1, 0, 0])
        #expect(plans.map(\.sessions) == [1, 1, 0, 0])
        #expect(plans.allSatisfy { $0.rate == nil && $0.schedule() == nil })
    }

    @Test("Uniform arrivals are evenly spaced from the phase; Poisson arrivals keep the mean rate")
    func arrivals() {
        var uniform = ArrivalSchedule(arrivals: .uniform, rate: 1_000, phase: 0.25, seed: 1, stream: 0)
        #expect((0..<4).map { _ in uniform.next() } == [250_000, 1_250_000, 2_250_000, 3_250_000])

        let rate = 20_000.0
        let window: UInt64 = 5_000_000_000
        for seed in [UInt64(1), 2, 3] {
            let poisson = ArrivalSchedule(arrivals: .poisson, rate: rate, phase: 0, seed: seed, stream: 0)
            let count = ArrivalSchedule.count(poisson, in: 0..<window)
            // Poisson: mean and variance rate x window; within 5 standard deviations.
            let mean = rate * Double(window) / 1e9
            #expect(abs(Double(count) - mean) < 5 * mean.squareRoot(), "seed \(seed): \(count)")
            #expect(count == ArrivalSchedule.count(poisson, in: 0..<window))  // deterministic
            // Exponential gaps: their standard deviation is their mean (uniform gaps have none).
            var schedule = poisson
            var previous: UInt64 = 0
            var gaps: [Double] = []
            for _ in 0..<10_000 {
                let next = schedule.next()
                gaps.append(Double(next - previous))
                previous = next
            }
            let average = gaps.reduce(0, +) / Double(gaps.count)
            let deviation = (gaps.map { ($0 - average) * ($0 - average) }.reduce(0, +) / Double(gaps.count))
                .squareRoot()
            #expect(abs(deviation / average - 1) < 0.1)
        }
    }

    @Test("Favourites: distinct, from the popularity, the same for a device whatever the worker")
    func favourites() {
        let popularity = ZipfSampler(count: 1_000, exponent: 1.0)
        var a = DeviceFavorites(wanted: 4, resourceCount: 1_000)
        var b = DeviceFavorites(wanted: 4, resourceCount: 1_000)
        for g in 0..<500 { a.append(device: g, seed: 9, popularity: popularity) }
        for g in stride(from: 1, to: 500, by: 2) { b.append(device: g, seed: 9, popularity: popularity) }
        #expect(a.deviceCount == 500)
        for slot in 0..<500 { #expect(Set(a.favorites(of: slot)).count == 4) }
        for slot in 0..<250 { #expect(b.favorites(of: slot) == a.favorites(of: 2 * slot + 1)) }
        // Popular resources are favoured: rank 0 is someone's favourite far more often than rank 999.
        let counts = Dictionary(grouping: a.resources, by: { $0 }).mapValues(\.count)
        #expect((counts[0] ?? 0) > 10 * (counts[999] ?? 0) + 10)
        // More favourites wanted than resources exist: every resource, once.
        var all = DeviceFavorites(wanted: 9, resourceCount: 3)
        all.append(device: 0, seed: 1, popularity: ZipfSampler(count: 3, exponent: 1.0))
        #expect(all.perDevice == 3 && Set(all.resources) == [0, 1, 2])
    }

    @Test("The pending table matches a completion to its slot once; a free or reused slot's old ticket is refused")
    func pendingTable() {
        var table = PendingTable()
        let operation = Operation(kind: .check, device: 0, resource: 0, attack: nil)
        func slot(_ intended: UInt64) -> PendingTable.Slot {
            PendingTable.Slot(
                request: SentRequest(intended: intended, send: intended, operation: operation, measured: true),
                parkedAt: intended,
                isGet: false,
                isBookkeeping: false
            )
        }
        let first = table.nextTicket
        #expect(table.release(first) == nil)  // not parked yet
        table.park(slot(1))
        let second = table.nextTicket
        table.park(slot(2))
        #expect(table.count == 2)
        #expect(table.release(first)?.request.intended == 1)
        #expect(table.release(first) == nil)  // completed twice
        let reused = table.nextTicket
        #expect(reused != first && reused & 0xFFFF_FFFF == first & 0xFFFF_FFFF)
        table.park(slot(3))
        #expect(table.release(first) == nil)  // an earlier generation of a reused slot
        #expect(table.release(reused)?.request.intended == 3)
        #expect(table.release(second)?.request.intended == 2)
        #expect(table.count == 0)
    }
}
