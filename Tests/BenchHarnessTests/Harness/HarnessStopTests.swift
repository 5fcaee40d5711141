import AuthZCore
import BenchHarness
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A run stopped early (what SIGINT/SIGTERM do through `StopRequest.process`): the load stops, and
/// what was measured comes back marked interrupted and invalid.
@Suite("Harness: a run stopped early", .serialized)
struct HarnessStopTests {
    static func scenario() -> Scenario {
        var scenario = Scenario()
        scenario.devices = 200
        scenario.threads = 2
        scenario.loop = .open(rate: 500)
        scenario.durationMillis = 600_000  // would take 10 minutes: only the stop ends it
        scenario.warmupMillis = 0
        scenario.backendMedianMicros = 50
        scenario.backendP99Micros = 500
        return scenario
    }

    @Test("A stop requested after the first measured interval ends the run with that interval, interrupted and invalid")
    func stopAfterFirstInterval() throws {
        let stop = StopRequest()
        let outcome = try Harness.run(
            Self.scenario(),
            progress: nil,
            stop: stop,
            onInterval: { _ in
                stop.request(signal: SIGINT, atNanos: MonotonicClock.nanoseconds())
            }
        )
        #expect(outcome.summary.interrupted == "SIGINT")
        let reason = StopRequest.interruptedReason(signal: "SIGINT", measuredSeconds: outcome.summary.durationSeconds)
        #expect(!outcome.summary.valid)
        #expect(outcome.summary.invalidReasons.contains(reason))
        #expect(
            !outcome.summary.invalidReasons.contains { $0.contains("saturated") },
            "\(outcome.summary.invalidReasons)"
        )
        #expect(outcome.summary.requests > 0)
        #expect(outcome.intervals.map(\.requests).reduce(0, +) == outcome.summary.requests)
        #expect(outcome.summary.durationSeconds < 600)
    }

    @Test("A stop requested before the load sends nothing and reports an empty, interrupted run")
    func stopBeforeTheLoad() throws {
        let stop = StopRequest()
        stop.request(signal: SIGTERM, atNanos: MonotonicClock.nanoseconds())
        let outcome = try Harness.run(Self.scenario(), progress: nil, stop: stop)
        #expect(outcome.summary.interrupted == "SIGTERM" && outcome.summary.durationSeconds == 0)
        #expect(outcome.summary.requests == 0)
        #expect(!outcome.summary.valid)
    }

    @Test("The first signal wins; the request is seen at once")
    func firstSignalWins() {
        let stop = StopRequest()
        #expect(!stop.isRequested && stop.signal == nil && stop.requestedAtNanos == nil)
        stop.request(signal: SIGTERM, atNanos: 42)
        stop.request(signal: SIGINT, atNanos: 43)
        #expect(stop.isRequested)
        #expect(stop.signal == SIGTERM)
        #expect(stop.requestedAtNanos == 42)
        #expect(StopRequest.name(SIGINT) == "SIGINT" && StopRequest.name(SIGTERM) == "SIGTERM")
    }

    /// `--total-rate 2 --shard 3/3 --duration 2s`: the whole schedule holds 4 measured arrivals, and
    /// shard 3's slice (every third) may hold none: nothing to send is not a saturated generator.
    @Test("A shard whose slice of the --total-rate schedule is (nearly) empty is not called saturated")
    func emptyShardSlice() throws {
        let args = try Arguments(
            [
                "--total-rate", "2", "--shard", "3/3", "--duration", "2s", "--warmup", "0s",
                "--devices", "30", "--threads", "1", "--max-start-lag", "off",
            ],
            options: WorkloadFlags.valueOptions,
            flags: WorkloadFlags.flagOptions
        )
        let scenario = try WorkloadFlags.scenario(from: args, defaultThreads: 1)
        let outcome = try Harness.run(scenario, progress: nil)
        #expect(
            !outcome.summary.invalidReasons.contains { $0.contains("saturated") },
            "\(outcome.summary.invalidReasons)"
        )
    }
}
