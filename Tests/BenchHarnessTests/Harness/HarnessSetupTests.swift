import AuthZCore
import AuthZSimulation
import BenchHarness
import TestSupport
import Testing

/// What the engine and the simulated upstream are built from: the scenario's settings, nothing lost.
@Suite("Harness set-up: the scenario's upstream settings")
struct HarnessSetupTests {
    @Test func theUpstreamSettingsReachTheBackendAndTheEngine() throws {
        var scenario = Scenario.with {
            $0.algorithm = .hs256
        }
        scenario.upstreamErrorRatio = 0.05
        scenario.upstreamOutageMillis = 3_000
        scenario.upstreamOutageAtMillis = 5_000
        scenario.upstreamTimeoutMillis = 750
        scenario.upstreamMaxInFlight = 99
        scenario.refreshAhead = nil
        scenario.backendMedianMicros = 1_000_000
        scenario.backendP99Micros = 1_000_000
        let setup = try HarnessSetup(scenario: scenario)
        let backend = setup.deployment.backend
        #expect(backend.errorRatio == 0.05)
        #expect(backend.outage == SimulatedBackend.Outage(startMillis: 5_000, durationMillis: 3_000))
        #expect(backend.latency == .logNormal(median: 1_000_000_000, p99: 1_000_000_000))
        #expect(backend.latency.sample(0.5, 0.5) == 1_000_000_000)
        #expect(backend.seed == scenario.seed && backend.authZTTLMillis == scenario.authZTTLMillis)
        let configuration = setup.configuration
        #expect(configuration.refreshAheadFraction == nil)
        #expect(configuration.upstreamTimeoutMillis == 750)
        #expect(configuration.maxUpstreamInFlight == 99)
    }

    @Test func theDefaultsAreSteadysRealisticUpstreamWithoutFaults() throws {
        let setup = try HarnessSetup(
            scenario: Scenario.with {
                $0.algorithm = .hs256
            }
        )
        let backend = setup.deployment.backend
        #expect(backend.latency == .logNormal(median: 200_000_000, p99: 1_000_000_000))
        #expect(backend.errorRatio == 0 && backend.outage == nil)
        #expect(setup.configuration.refreshAheadFraction == Scenario().refreshAhead)
        #expect(setup.configuration.upstreamTimeoutMillis == Scenario().upstreamTimeoutMillis)
        #expect(setup.configuration.maxUpstreamInFlight == Scenario().upstreamMaxInFlight)
    }

    @Test func aZeroMedianIsNoLatency() throws {
        let setup = try HarnessSetup(
            scenario: Scenario.with {
                $0.algorithm = .hs256
                $0.backendMedianMicros = 0
                $0.backendP99Micros = 0
            }
        )
        #expect(setup.deployment.backend.latency == LatencyDistribution.none)
    }

    @Test func theReplayGuardHoldsTheBusiestStageNotTheMean() throws {
        // A short peak of 100,000/s in a 10-minute ramp whose mean is far lower.
        var staged = Scenario.with {
            $0.mix = OperationMix(get: 50, check: 0, verify: 50)
            $0.algorithm = .hs256
        }
        staged.stages = [
            RampStage(durationMillis: 600_000, rate: 1_000), RampStage(durationMillis: 1_000, rate: 100_000),
        ]
        staged.durationMillis = staged.stages?.durationMillis ?? 0
        staged.loop = .open(rate: staged.stages?.meanRate ?? 0)
        var flat = staged
        flat.stages = nil
        flat.loop = .open(rate: 100_000)
        let mean = try #require(staged.loop.rate)
        #expect(mean < 2_000)
        #expect(try HarnessSetup(scenario: staged).replayCapacity() == HarnessSetup(scenario: flat).replayCapacity())
        flat.loop = .open(rate: mean)
        #expect(try HarnessSetup(scenario: staged).replayCapacity() > HarnessSetup(scenario: flat).replayCapacity())
    }
}
