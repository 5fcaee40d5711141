import AuthZCore
import AuthZSimulation
import BenchHarness
import Testing

/// Response time through a ramp, on a manual clock: every request is timed from its intended
/// start, which follows the integral of the ramping rate, so an upstream stall inside the ramp
/// shows in full in the response time.
@Suite("Response time inside a ramp", .serialized)
struct RampResponseTimeTests {
    /// One device with one favourite, checks only, from empty caches, ramping from 0 to 1,000
    /// requests/s over 100 ms with no warm-up: Λ(t) = 5,000 t² requests (t in seconds).
    static func scenario() -> Scenario {
        let stages = [RampStage(durationMillis: 100, rate: 1_000)]
        var scenario = Scenario()
        scenario.devices = 1
        scenario.threads = 1
        scenario.favorites = 1
        scenario.mix = OperationMix(get: 0, check: 100, verify: 0)
        scenario.stages = stages
        scenario.durationMillis = stages.durationMillis
        scenario.loop = .open(rate: stages.meanRate)
        scenario.warmupMillis = 0
        scenario.cold = true
        return scenario
    }

    /// When arrival `j` is due, nanoseconds after t0: Λ⁻¹(j) = sqrt(j / 5,000) s.
    static func due(_ j: Int) -> Double { (Double(j) / 5_000).squareRoot() * 1e9 }

    @Test("A stalled upstream inside a ramp: response time = done - intended, intended = Λ⁻¹(j)")
    func stallInsideARamp() throws {
        let scenario = Self.scenario()
        try scenario.validate()
        let world = try WorkerTeamRun<
            AuthorizationEngine<
                ShardedCache<TokenBytesKey, VerifiedAuthN>,
                ShardedCache<AuthorizationKey, CachedAuthorization>, TriggeredUpstream
            >, ManualWorkerClock
        >(scenario: scenario)
        let backend = TriggeredUpstream(keys: world.keys)
        let clock = ManualWorkerClock(start: 5_000_000_000, epochMillis: SystemClock().nowMillis())
        let pause: UInt64 = 50_000_000
        // The upstream answers between the last arrival before the pause and the pause.
        let stalled = (0..<50).filter { Self.due($0) < Double(pause) }
        let answerAt = UInt64((Self.due(stalled.count - 1) + Double(pause)) / 2)
        var done: UInt64 = 0
        let outcome = world.run(
            target: world.engine(backend: backend),
            clock: clock,
            atStart: { t0 in clock.pause(atOrAfter: t0 + pause) },
            script: { t0 in
                backend.asked.wait()
                clock.paused.wait()
                // Every request before the pause joined the first one's upstream call.
                done = t0 + answerAt
                clock.set(done)
                #expect(backend.answerAll(now: clock.nowMillis()) == 1)
                clock.resume()
            }
        )
        let requests = outcome.requests.sorted { $0.intended < $1.intended }
        // The ramp's integral: (0 + 1,000) / 2 x 0.1 s.
        #expect(requests.count == 50)
        let t0 = done - answerAt
        for (j, request) in requests.enumerated() {
            #expect(abs(Double(request.intended - t0) - Self.due(j)) <= 1, "arrival \(j)")
            #expect(request.response == request.done - request.intended)
        }
        let parked = requests.filter { $0.parkedAt != nil }
        #expect(parked.count == stalled.count)
        for request in parked {
            #expect(request.done == done)
            #expect(request.response == done - request.intended)
            #expect(request.startLag == request.send - request.intended)
        }
        // The first request waited the whole stall: from t0 to the answer.
        #expect(parked.first?.response == answerAt)
        #expect(outcome.ledger == CompletionLedger(parked: stalled.count, completed: stalled.count))
    }
}
