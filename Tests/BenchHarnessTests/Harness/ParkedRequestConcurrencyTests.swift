import AuthZCore
import AuthZSimulation
import BenchHarness
import Testing

/// The worker's handling of parked requests, on a manual clock: the test chooses every time, so
/// the recorded figures can be checked exactly. Completions come from the test's thread while the
/// worker runs on its queue.
@Suite("Parked requests complete through the worker's inbox", .serialized)
struct ParkedRequestConcurrencyTests {
    /// One device with one favourite, checks only, 1,000/s for 100 ms, from empty caches: the
    /// first request misses and every request until the reply joins its upstream call.
    static func scenario() -> Scenario {
        var scenario = Scenario()
        scenario.devices = 1
        scenario.threads = 1
        scenario.favorites = 1
        scenario.mix = OperationMix(get: 0, check: 100, verify: 0)
        scenario.loop = .open(rate: 1_000)
        scenario.warmupMillis = 0
        scenario.durationMillis = 100
        scenario.cold = true
        return scenario
    }

    @Test("A parked request's response time is done - intended, exactly; its upstream wait is done - parkedAt")
    func responseTimeOfAParkedRequest() throws {
        let world = try WorkerTeamRun<
            AuthorizationEngine<
                ShardedCache<TokenBytesKey, VerifiedAuthN>,
                ShardedCache<AuthorizationKey, CachedAuthorization>, TriggeredUpstream
            >, ManualWorkerClock
        >(scenario: Self.scenario())
        let backend = TriggeredUpstream(keys: world.keys)
        let clock = ManualWorkerClock(start: 5_000_000_000, epochMillis: SystemClock().nowMillis())
        var done: UInt64 = 0
        let outcome = world.run(
            target: world.engine(backend: backend),
            clock: clock,
            atStart: { t0 in clock.pause(atOrAfter: t0 + 50_000_000) },
            script: { t0 in
                backend.asked.wait()
                clock.paused.wait()
                // The worker stands at its 51st intended start; requests 0...49 are parked.
                done = t0 + 49_000_000 + 123_457
                clock.set(done)
                #expect(backend.answerAll(now: clock.nowMillis()) == 1)
                clock.resume()
            }
        )
        let requests = outcome.requests
        #expect(requests.count == 100)
        let parked = requests.filter { $0.parkedAt != nil }
        #expect(parked.count == 50)
        for request in parked {
            #expect(request.done == done)
            #expect(request.response == done - request.intended)
            #expect(request.service == done - request.send)
            #expect(request.startLag == request.send - request.intended)
            #expect(request.upstreamWait == done - (request.parkedAt ?? 0))
        }
        #expect(parked.map(\.intended).sorted() == requests.map(\.intended).sorted().prefix(50).map { $0 })
        #expect(requests.allSatisfy { $0.code == .validToken && $0.measured })
        #expect(requests.filter { $0.parkedAt == nil }.allSatisfy { $0.response == $0.done - $0.intended })

        let result = try #require(outcome.results.first)
        #expect(result.tally.requests == 100)
        #expect(result.tally.codes[ResultCode.validToken.harnessIndex] == 100)
        #expect(outcome.ledger == CompletionLedger(parked: 50, completed: 50))
        let latency = outcome.intervals.total
        #expect(latency.response.totalCount == 100)
        #expect(latency.upstreamWait.totalCount == 50)
        // In flight at send i: the i requests parked before it, plus itself; one after the reply.
        #expect(result.maxInFlight == 50)
        #expect(latency.inFlight.totalCount == 100)
        #expect(latency.inFlight.count(atValue: 1) == 51)
        #expect(latency.inFlight.count(atValue: 50) == 1)
        // Inline and parked alike, the intervals count what the tally counts.
        #expect(latency.requests == outcome.tally.requests)
        #expect(latency.codes == outcome.tally.codes)
    }

    @Test("The interval collector's total equals the workers' tally: requests, and each result code")
    func collectorTotalEqualsTheTally() throws {
        var scenario = Self.scenario()
        scenario.threads = 2
        scenario.devices = 40
        scenario.favorites = 4
        scenario.mix = OperationMix(get: 40, check: 30, verify: 10, logout: 5, attack: 15)
        scenario.loop = .open(rate: 4_000)
        scenario.durationMillis = 1_500
        let world = try WorkerTeamRun<
            AuthorizationEngine<
                ShardedCache<TokenBytesKey, VerifiedAuthN>,
                ShardedCache<AuthorizationKey, CachedAuthorization>, SimulatedBackend
            >, SystemWorkerClock
        >(scenario: scenario)
        let backend = SimulatedBackend(issuer: TokenIssuer(key: world.keys.authZ), settings: .init(denyRatio: 0.2))
        let outcome = world.run(target: world.engine(backend: backend), clock: SystemWorkerClock())
        let tally = outcome.tally
        let total = outcome.intervals.total
        #expect(tally.requests > 0)
        // More than one code, so that a code counted under another index would show.
        #expect(tally.codes.count { $0 > 0 } > 1)
        #expect(total.requests == tally.requests)
        #expect(total.codes == tally.codes)
        #expect(total.response.totalCount == UInt64(tally.requests))
        #expect(outcome.intervals.summaries.map(\.requests).reduce(0, +) == tally.requests)
        #expect(outcome.requests.count { $0.measured } == tally.requests)
    }

    /// A target that breaks the completion contract in one way, to show the ledger catches it.
    struct FaultyTarget: LoadTarget {
        enum Fault: String, CaseIterable {
            /// Parks, then completes twice (before the call returns).
            case completesTwice
            /// Parks and never completes.
            case neverCompletes
            /// Answers inline and completes as well.
            case answersAndCompletes
        }

        let fault: Fault

        func checkAuthorization<Observer: StageObserver, Completion: AuthorizationCompletion<ResultCode>>(
            _ request: AuthorizationRequest,
            now: Int64,
            observer: inout Observer,
            completion: Completion
        ) -> ResultCode? {
            switch fault {
            case .completesTwice:
                completion.complete(.validToken)
                completion.complete(.validToken)
                return nil
            case .neverCompletes:
                return nil
            case .answersAndCompletes:
                completion.complete(.validToken)
                return .validToken
            }
        }

        func getAuthorization<Observer: StageObserver, Completion: AuthorizationCompletion<AuthorizationOutcome>>(
            _ request: AuthorizationRequest,
            now: Int64,
            observer: inout Observer,
            completion: Completion
        ) -> AuthorizationOutcome? {
            checkAuthorization(
                request,
                now: now,
                observer: &observer,
                completion: CompletionHandler<ResultCode> { completion.complete(.rejected($0)) }
            )
            .map { .rejected($0) }
        }

        func logout(authNTokens: [[UInt8]], now: Int64) -> Int { 0 }
    }

    @Test(
        "The ledger counts a request completed twice, never, or both answered and completed",
        arguments: FaultyTarget.Fault.allCases
    )
    func ledgerCatchesABrokenContract(fault: FaultyTarget.Fault) throws {
        var scenario = Self.scenario()
        scenario.threads = 2
        scenario.devices = 3
        let world = try WorkerTeamRun<FaultyTarget, ManualWorkerClock>(scenario: scenario)
        let clock = ManualWorkerClock(
            start: 5_000_000_000,
            epochMillis: SystemClock().nowMillis(),
            realWaitNanos: 20_000_000
        )
        let outcome = world.run(target: FaultyTarget(fault: fault), clock: clock, drainNanos: 1)
        let sent = outcome.requests.count + outcome.ledger.pendingAtStop
        #expect(sent == 100)
        switch fault {
        case .completesTwice:
            #expect(outcome.ledger == CompletionLedger(parked: 100, completed: 100, stray: 100))
        case .neverCompletes:
            #expect(outcome.ledger == CompletionLedger(parked: 100, pendingAtStop: 100))
        case .answersAndCompletes:
            #expect(outcome.ledger == CompletionLedger(stray: 100))
        }
        #expect(!outcome.ledger.invalidReasons.isEmpty)
        #expect(outcome.tally.requests == outcome.requests.count)
    }
}
