import AuthZCore
import AuthZSimulation
import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The simulated upstream's faults and timing: inline during set-up, injected errors drawn per
/// call, a scheduled outage on the monotonic clock, and answers from Dispatch timers under load.
@Suite("Simulated upstream: errors, outage and Dispatch-timed answers")
struct SimulatedBackendTests {
    static let request = BackendRequest(
        requestorID: "NBC",
        resourceID: "news",
        msoID: "Comcast",
        fingerprint: String(repeating: "ab", count: 32)
    )
    static let now: Int64 = 1_800_000_000_000
    /// The load's start on the scripted monotonic clock.
    static let loadStart: UInt64 = 7_000_000_000

    /// Records every answer, the thread it came on, and signals its arrival.
    struct Recorder: SimulatedReply {
        struct Answer: Sendable {
            var decision: BackendDecision
            var thread: UInt
        }

        let answers = Locked<[Answer]>([])
        let arrived = DispatchSemaphore(value: 0)

        func callAsFunction(_ decision: BackendDecision, now: Int64) {
            answers.withLock { $0.append(Answer(decision: decision, thread: UInt(pthread_self()))) }
            arrived.signal()
        }

        var decisions: [BackendDecision] { answers.withLock { $0.map(\.decision) } }
    }

    /// A monotonic clock that reads what the test sets.
    final class ScriptedUptime: Sendable {
        let nanos = Atomic<UInt64>(0)

        func set(millisAfterLoadStart millis: UInt64) {
            nanos.store(SimulatedBackendTests.loadStart + millis * 1_000_000, ordering: .relaxed)
        }

        var clock: SimulatedBackend.UptimeClock { { [self] in nanos.load(ordering: .relaxed) } }
    }

    static func backend(
        _ settings: SimulatedBackend.Settings,
        uptime: ScriptedUptime = ScriptedUptime()
    )
        throws -> SimulatedBackend
    {
        let keys = try DeploymentKeys(generating: .hs256)
        return SimulatedBackend(issuer: TokenIssuer(key: keys.authZ), settings: settings, uptime: uptime.clock)
    }

    static func isPermit(_ decision: BackendDecision) -> Bool {
        if case .permit = decision { return true }
        return false
    }

    @Test func beforeTheLoadItAnswersInlineWithoutLatencyOrFaults() throws {
        let backend = try Self.backend(
            SimulatedBackend.Settings(
                latency: .fixed(nanoseconds: 60_000_000_000),
                errorRatio: 1,
                outage: SimulatedBackend.Outage(startMillis: 0, durationMillis: 3_600_000)
            )
        )
        let recorder = Recorder()
        backend.answer(Self.request, now: Self.now, reply: recorder)
        // Answered before `answer` returned, on the caller's thread, with the decision.
        let answers = recorder.answers.withLock { $0 }
        #expect(answers.count == 1)
        #expect(answers.first?.thread == UInt(pthread_self()))
        #expect(answers.first.map { Self.isPermit($0.decision) } == true)
        #expect(!backend.isUnderLoad)
        #expect(backend.stats == SimulatedUpstreamStats(calls: 1, loadCalls: 0, errors: 0, outageAnswers: 0))
    }

    /// Which of the load's calls fail, for `ratio` and `seed` (latency none: every answer inline).
    static func failedCalls(
        ratio: Double,
        seed: UInt64,
        calls: Int
    ) throws -> (failed: [Int], stats: SimulatedUpstreamStats) {
        let backend = try backend(SimulatedBackend.Settings(errorRatio: ratio, seed: seed))
        backend.beginLoad(atUptimeNanos: loadStart)
        let recorder = Recorder()
        for _ in 0..<calls { backend.answer(request, now: now, reply: recorder) }
        let decisions = recorder.decisions
        #expect(decisions.count == calls)
        #expect(decisions.allSatisfy { $0 == .unavailable || isPermit($0) })
        return (decisions.indices.filter { decisions[$0] == .unavailable }, backend.stats)
    }

    @Test(arguments: [0.0, 0.01, 0.25, 1.0])
    func errorsAreDrawnPerCallDeterministicallyForASeedAndNearTheRatio(ratio: Double) throws {
        let calls = 10_000
        let (failed, stats) = try Self.failedCalls(ratio: ratio, seed: 7, calls: calls)
        #expect(stats == SimulatedUpstreamStats(calls: calls, loadCalls: calls, errors: failed.count, outageAnswers: 0))
        // The same seed fails the same call numbers; another seed others (unless none or all fail).
        #expect(try Self.failedCalls(ratio: ratio, seed: 7, calls: calls).failed == failed)
        let other = try Self.failedCalls(ratio: ratio, seed: 8, calls: calls).failed
        #expect((other == failed) == (ratio == 0 || ratio == 1))
        // The share is binomial: within four standard deviations of the ratio.
        let share = Double(failed.count) / Double(calls)
        let deviation = (ratio * (1 - ratio) / Double(calls)).squareRoot()
        #expect(abs(share - ratio) <= 4 * deviation, "\(failed.count) of \(calls) failed")
    }

    @Test func anOutageAnswersUnavailableInsideItsWindowAndPermitsOutside() throws {
        let uptime = ScriptedUptime()
        let backend = try Self.backend(
            SimulatedBackend.Settings(
                outage: SimulatedBackend.Outage(startMillis: 5_000, durationMillis: 3_000)
            ),
            uptime: uptime
        )
        backend.beginLoad(atUptimeNanos: Self.loadStart)
        let script: [(millis: UInt64, down: Bool)] = [
            (0, false), (4_999, false), (5_000, true), (6_500, true), (7_999, true), (8_000, false), (60_000, false),
        ]
        for (millis, down) in script {
            uptime.set(millisAfterLoadStart: millis)
            let recorder = Recorder()
            backend.answer(Self.request, now: Self.now, reply: recorder)
            let decisions = recorder.decisions
            #expect(decisions.count == 1)
            #expect(decisions.first.map { $0 == .unavailable } == down, "at \(millis) ms: \(decisions)")
        }
        let outageCalls = script.filter(\.down).count
        #expect(
            backend.stats
                == SimulatedUpstreamStats(
                    calls: script.count,
                    loadCalls: script.count,
                    errors: 0,
                    outageAnswers: outageCalls
                )
        )
    }

    @Test func duringAnOutageTheAnswerIsImmediateWhateverTheLatency() throws {
        let uptime = ScriptedUptime()
        let backend = try Self.backend(
            SimulatedBackend.Settings(
                latency: .fixed(nanoseconds: 60_000_000_000),
                outage: SimulatedBackend.Outage(startMillis: 0, durationMillis: 1_000)
            ),
            uptime: uptime
        )
        backend.beginLoad(atUptimeNanos: Self.loadStart)
        uptime.set(millisAfterLoadStart: 10)
        let recorder = Recorder()
        backend.answer(Self.request, now: Self.now, reply: recorder)
        let answers = recorder.answers.withLock { $0 }
        #expect(answers.map(\.decision) == [.unavailable])
        #expect(answers.first?.thread == UInt(pthread_self()))
    }

    @Test(arguments: [0.0, 1.0])
    func underLoadTheAnswerComesFromADispatchTimerNotTheCallersThread(errorRatio: Double) throws {
        let backend = try Self.backend(
            SimulatedBackend.Settings(
                latency: .fixed(nanoseconds: 1_000_000),
                errorRatio: errorRatio
            )
        )
        backend.beginLoad(atUptimeNanos: Self.loadStart)
        let recorder = Recorder()
        let caller = UInt(pthread_self())
        backend.answer(Self.request, now: Self.now, reply: recorder)
        try #require(recorder.arrived.wait(timeout: .now() + .seconds(30)) == .success)
        let answers = recorder.answers.withLock { $0 }
        #expect(answers.count == 1)
        #expect(answers.first?.thread != caller)
        #expect(answers.first.map { $0.decision == .unavailable } == (errorRatio == 1))
        #expect(backend.stats.errors == (errorRatio == 1 ? 1 : 0))
    }

    @Test func theDeploymentsSettingsReachTheBackend() throws {
        let outage = SimulatedBackend.Outage(startMillis: 20_000, durationMillis: 5_000)
        let settings = SimulatedBackend.Settings(
            latency: .logNormal(median: 200_000_000, p99: 1_000_000_000),
            errorRatio: 0.01,
            outage: outage,
            seed: 3
        )
        let backend = SimulatedDeployment(keys: try DeploymentKeys(generating: .hs256), backend: settings).makeBackend()
        #expect(backend.settings.errorRatio == 0.01)
        #expect(backend.settings.outage == outage)
        #expect(backend.settings.latency == settings.latency)
    }
}
