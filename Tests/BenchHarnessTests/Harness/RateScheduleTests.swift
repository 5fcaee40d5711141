import BenchHarness
import TestSupport
import Testing

/// The open loop's schedule as lanes of a rate profile: a ramp delivers the integral of its rate,
/// and shards sharing a total rate send exactly what one process at that rate would.
@Suite("Rate profiles, stages and shared total rates")
struct RateScheduleTests {
    /// The offsets every worker of `scenario` schedules in `range`, for equal device counts per worker.
    static func offsets(_ scenario: Scenario, devicesPerWorker: Int = 5, in range: Range<UInt64>) -> [UInt64] {
        let plans = WorkerPlan.plans(
            for: scenario,
            deviceCounts: Array(repeating: devicesPerWorker, count: scenario.threads)
        )
        return plans.compactMap { $0.schedule() }.flatMap { ArrivalSchedule.offsets($0, in: range) }
    }

    /// A scenario of `stages` (per process) on `threads` workers, as `--stages` sets it.
    static func staged(
        _ stages: [RampStage],
        threads: Int,
        warmupMillis: Int64,
        arrivals: Scenario.Arrivals = .uniform
    ) -> Scenario {
        var scenario = Scenario.with {
            $0.threads = threads
            $0.warmupMillis = warmupMillis
            $0.arrivals = arrivals
            $0.stages = stages
        }
        scenario.durationMillis = stages.durationMillis
        scenario.loop = .open(rate: stages.meanRate)
        return scenario
    }

    /// The requests a linear ramp from `from` to `to` requests/s delivers over `millis`: the
    /// trapezoid's area, written out here rather than taken from the code under test.
    static func trapezoid(_ from: Double, _ to: Double, _ millis: Int64) -> Double {
        (from + to) / 2 * Double(millis) / 1_000
    }

    static func nanos(_ millis: Int64) -> UInt64 { UInt64(millis) * 1_000_000 }

    @Test(
        "A ramp's measured requests are the integral of its rate, on any number of workers",
        arguments: [1, 2, 3, 4],
        [Int64(0), 2_000]
    )
    func rampCountIsTheIntegral(threads: Int, warmupMillis: Int64) throws {
        let stages = [RampStage(durationMillis: 10_000, rate: 1_000)]
        let scenario = Self.staged(stages, threads: threads, warmupMillis: warmupMillis)
        try scenario.validate()
        let measured = Self.nanos(warmupMillis)..<Self.nanos(warmupMillis + 10_000)
        let offsets = Self.offsets(scenario, in: measured)
        #expect(Double(offsets.count) == Self.trapezoid(0, 1_000, 10_000))
        // No arrival in the warm-up: the profile starts at 0 requests/s, and the warm-up holds it.
        #expect(Self.offsets(scenario, in: 0..<measured.lowerBound).isEmpty)
        // Each of them once: the workers' lanes do not overlap.
        #expect(Set(offsets).count == offsets.count)
        // The mean rate is the open loop's target: the validity check compares against it.
        #expect(Double(offsets.count) / 10 == scenario.loop.rate)
    }

    @Test("Several stages, steps, flat and zero-rate stretches: each stretch delivers its own integral")
    func stagesDeliverTheirIntegrals() throws {
        // A step to 500/s (held by the warm-up), a ramp to 1,000, a ramp down to 0, nothing for 3 s,
        // a step to 800 held 2 s.
        let stages = [
            RampStage(durationMillis: 0, rate: 500), RampStage(durationMillis: 4_000, rate: 1_000),
            RampStage(durationMillis: 2_000, rate: 0), RampStage(durationMillis: 3_000, rate: 0),
            RampStage(durationMillis: 0, rate: 800), RampStage(durationMillis: 2_000, rate: 800),
        ]
        let warmup: Int64 = 1_000
        let scenario = Self.staged(stages, threads: 2, warmupMillis: warmup)
        try scenario.validate()
        let bounds: [Int64] = [0, warmup, warmup + 4_000, warmup + 6_000, warmup + 9_000, warmup + 11_000]
        let expected = [
            Self.trapezoid(500, 500, warmup), Self.trapezoid(500, 1_000, 4_000), Self.trapezoid(1_000, 0, 2_000),
            0, Self.trapezoid(800, 800, 2_000),
        ]
        for (index, want) in expected.enumerated() {
            let range = Self.nanos(bounds[index])..<Self.nanos(bounds[index + 1])
            #expect(Double(Self.offsets(scenario, in: range).count) == want, "stretch \(index)")
        }
    }

    @Test("Inside a ramp, arrival j is due when the rate's integral reaches j")
    func rampTimesInvertTheIntegral() throws {
        // 0 -> 1,000/s over 10 s: Λ(t) = 50 t², so arrival j is due at sqrt(j / 50) s.
        let scenario = Self.staged([RampStage(durationMillis: 10_000, rate: 1_000)], threads: 1, warmupMillis: 0)
        var schedule = try #require(WorkerPlan.plans(for: scenario, deviceCounts: [1])[0].schedule())
        for j in 0..<5_000 {
            let due = (Double(j) / 50).squareRoot() * 1e9
            let offset = schedule.next()
            #expect(abs(Double(offset) - due) <= 1, "arrival \(j): \(offset) vs \(due)")
        }
        // The next one is the end of the ramp, where the rate is held.
        #expect(schedule.next() == Self.nanos(10_000))
    }

    @Test("A profile that ends at 0 requests/s schedules nothing after it")
    func aProfileEndingAtZeroEnds() throws {
        let scenario = Self.staged(
            [RampStage(durationMillis: 0, rate: 200), RampStage(durationMillis: 1_000, rate: 0)],
            threads: 1,
            warmupMillis: 0
        )
        var schedule = try #require(WorkerPlan.plans(for: scenario, deviceCounts: [1])[0].schedule())
        let count = ArrivalSchedule.count(schedule, in: 0..<UInt64.max)
        #expect(Double(count) == Self.trapezoid(200, 0, 1_000))
        for _ in 0..<count { _ = schedule.next() }
        #expect(schedule.next() == .max)
    }

    /// The scenario of shard `index` of `count` at total rate `rate`, as `--total-rate` sets it.
    static func shard(
        _ index: Int,
        of count: Int,
        totalRate rate: Double,
        threads: Int,
        arrivals: Scenario.Arrivals = .uniform
    ) -> Scenario {
        Scenario.with {
            $0.threads = threads
            $0.loop = .open(rate: rate / Double(count))
            $0.shardIndex = index
            $0.shardCount = count
            $0.arrivals = arrivals
            $0.totalRate = rate
        }
    }

    @Test(
        "N shards at a total rate send, together, exactly one process's schedule at that rate",
        arguments: [1, 2, 3, 5],
        [1, 2, 4]
    )
    func shardsTogetherAreOneProcess(shards: Int, threads: Int) throws {
        let rate = 3_000.0
        let window = Self.nanos(0)..<Self.nanos(2_500)
        var single = Scenario.with {
            $0.threads = 1
            $0.loop = .open(rate: rate)
        }
        let one = Self.offsets(single, in: window).sorted()
        single.threads = 3
        #expect(Self.offsets(single, in: window).sorted() == one)  // the split within a process does not move them
        var union: [UInt64] = []
        for index in 0..<shards {
            let scenario = Self.shard(index, of: shards, totalRate: rate, threads: threads)
            try scenario.validate()
            let own = Self.offsets(scenario, in: window)
            // Equal shares: R / N each, to within the one arrival the window's edge may cut.
            #expect(abs(Double(own.count) - rate / Double(shards) * 2.5) <= 1)
            union += own
        }
        #expect(union.sorted() == one)
        // Shards with different numbers of workers still make up the same schedule.
        if shards > 1 {
            let mixed = (0..<shards).flatMap { index in
                Self.offsets(Self.shard(index, of: shards, totalRate: rate, threads: index + 1), in: window)
            }
            #expect(mixed.sorted() == one)
        }
    }

    @Test(
        "A constant rate puts R x T arrivals in a window whose edges fall on arrivals",
        arguments: [30.0, 900, 2_005, 3_000],
        [1, 3]
    )
    func aConstantRateFillsItsWindowExactly(rate: Double, shards: Int) throws {
        // The measured phase after a 200 ms warm-up: arrivals 0.2 R and 1.2 R are due exactly on its
        // edges, and j x (1e9 / R) may land a hair below them in floating point.
        let window = Self.nanos(200)..<Self.nanos(1_200)
        let count = (0..<shards).map {
            Self.offsets(Self.shard($0, of: shards, totalRate: rate, threads: 2), in: window).count
        }
        #expect(count.reduce(0, +) == Int(rate))
        #expect(
            Self.offsets(
                Scenario.with {
                    $0.threads = 3
                    $0.loop = .open(rate: rate)
                },
                in: window
            ).count == Int(rate)
        )
    }

    @Test(
        "Poisson at a total rate: the count is the seed's, decorrelated between shards, near R x T",
        arguments: [2, 4]
    )
    func poissonTotalRate(shards: Int) throws {
        let rate = 8_000.0
        let seconds = 5.0
        let window = Self.nanos(0)..<Self.nanos(Int64(seconds * 1_000))
        func total(seed: UInt64) -> (count: Int, shards: [[UInt64]]) {
            let all = (0..<shards).map { index in
                var scenario = Self.shard(index, of: shards, totalRate: rate, threads: 2, arrivals: .poisson)
                scenario.seed = seed
                return Self.offsets(scenario, in: window)
            }
            return (all.map(\.count).reduce(0, +), all)
        }
        let first = total(seed: 7)
        #expect(total(seed: 7).count == first.count)
        #expect(total(seed: 8).count != first.count || total(seed: 9).count != first.count)
        // A superposition of Poisson processes is one at the total rate: within 5 standard deviations.
        let mean = rate * seconds
        #expect(abs(Double(first.count) - mean) < 5 * mean.squareRoot(), "\(first.count)")
        // The shards draw different gaps.
        #expect(first.shards[0].prefix(100) != first.shards[1].prefix(100))
    }

    @Test("Poisson through a ramp: the count is the seed's and near the integral")
    func poissonRamp() throws {
        let stages = [RampStage(durationMillis: 10_000, rate: 2_000)]
        let scenario = Self.staged(stages, threads: 2, warmupMillis: 0, arrivals: .poisson)
        let range = Self.nanos(0)..<Self.nanos(10_000)
        let count = Self.offsets(scenario, in: range).count
        #expect(Self.offsets(scenario, in: range).count == count)
        let mean = Self.trapezoid(0, 2_000, 10_000)
        #expect(abs(Double(count) - mean) < 5 * mean.squareRoot(), "\(count)")
        // Inhomogeneous: the second half of a ramp from 0 holds three times the first half's arrivals.
        let firstHalf = Self.offsets(scenario, in: Self.nanos(0)..<Self.nanos(5_000)).count
        #expect(
            Double(count - firstHalf) / Double(firstHalf) > 2.5 && Double(count - firstHalf) / Double(firstHalf) < 3.5
        )
    }
}
