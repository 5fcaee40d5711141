import Testing
import AuthZCore
import AuthZSimulation
import BenchHarness

/// What the engine and the simulated upstream are built from: the scenario's settings, nothing lost.
@Suite("Harness set-up: the scenario's upstream settings")
struct HarnessSetupTests {
    @Test func theUpstreamSettingsReachTheBackendAndTheEngine() throws {
        var scenario = Scenario(algorithm: .hs256)
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
        let setup = try HarnessSetup(scenario: Scenario(algorithm: .hs256))
        let backend = setup.deployment.backend
        #expect(backend.latency == .logNormal(median: 200_000_000, p99: 1_000_000_000))
        #expect(backend.errorRatio == 0 && backend.outage == nil)
        #expect(setup.configuration.refreshAheadFraction == Scenario().refreshAhead)
        #expect(setup.configuration.upstreamTimeoutMillis == Scenario().upstreamTimeoutMillis)
        #expect(setup.configuration.maxUpstreamInFlight == Scenario().upstreamMaxInFlight)
    }

    @Test func aZeroMedianIsNoLatency() throws {
        let setup = try HarnessSetup(scenario: Scenario(algorithm: .hs256, backendMedianMicros: 0, backendP99Micros: 0))
        #expect(setup.deployment.backend.latency == LatencyDistribution.none)
    }
}
