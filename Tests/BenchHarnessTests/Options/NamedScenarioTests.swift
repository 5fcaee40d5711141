import BenchHarness
import Testing

/// `--scenario NAME`: a name sets flags, explicit flags override it, and the name is kept.
@Suite("Named scenarios")
struct NamedScenarioTests {
    @Test(arguments: NamedScenario.allCases)
    func aNameIsTheFlagsItSaysItSets(named: NamedScenario) throws {
        let byName = try FlagParsing.scenario(["--scenario", named.rawValue])
        var byFlags = try FlagParsing.scenario(named.flags.split(separator: " ").map(String.init))
        byFlags.name = named.rawValue
        #expect(byName == byFlags)
        #expect(byName.name == named.rawValue)
        // Every preset is a runnable scenario on its own, in any letter case.
        #expect(try FlagParsing.scenario(["--scenario", named.rawValue.uppercased()]) == byName)
    }

    @Test func steadyIsRunsDefaultsWithDenialsCached() throws {
        var steady = try FlagParsing.scenario(["--scenario", "steady"])
        #expect(steady.name == "steady")
        #expect(steady.denyTTLMillis == 30_000)
        #expect(NamedScenario.steady.flags == "--deny-ttl 30s")
        steady.name = nil
        steady.denyTTLMillis = nil
        #expect(steady == (try FlagParsing.scenario([])))
        #expect(try FlagParsing.scenario([]).denyTTLMillis == nil)
        // An explicit flag turns it off again.
        #expect(try FlagParsing.scenario(["--scenario", "steady", "--deny-ttl", "off"]).denyTTLMillis == nil)
    }

    @Test func steadyDenialsOutlastItsLoadAndMakeBenchs() {
        // Cached by the prewarm, the denials are not re-asked by expiry during the load (only
        // refreshes, from 80% of their TTL); `make bench` measures 5 s + 20 s.
        let s = NamedScenario.steady.scenario
        let ttl = s.denyTTLMillis ?? 0
        #expect(ttl > s.warmupMillis + s.durationMillis)
        #expect(ttl > 25_000)
    }

    @Test func explicitFlagsOverrideTheName() throws {
        let outage = try FlagParsing.scenario([
            "--scenario", "upstream-outage", "--devices", "2000", "--upstream-outage", "1s@3s", "--warmup", "0s",
        ])
        #expect(outage.name == "upstream-outage")
        #expect(
            outage.devices == 2_000 && outage.upstreamOutageMillis == 1_000 && outage.upstreamOutageAtMillis == 3_000
        )
        #expect(outage.warmupMillis == 0)
        // What the flags did not name stays as the preset set it.
        #expect(outage.cold && outage.durationMillis == NamedScenario.upstreamOutage.scenario.durationMillis)

        let stampede = try FlagParsing.scenario([
            "--scenario", "expiry-stampede", "--skew", "1s", "--refresh-ahead", "off",
        ])
        #expect(stampede.skewMillis == 1_000 && stampede.refreshAhead == nil)
        #expect(stampede.authZTTLMillis == NamedScenario.expiryStampede.scenario.authZTTLMillis)

        let flood = try FlagParsing.scenario(["--mix", "get=100", "--scenario", "attack-flood"])
        #expect(flood.mix == OperationMix(get: 100, check: 0, verify: 0, logout: 0, attack: 0))
        #expect(flood.name == "attack-flood")
    }

    @Test func theStampedeExpiresInsideTheMeasuredPhaseAndCoalesces() {
        let s = NamedScenario.expiryStampede.scenario
        // Expiry is observed ttl + skew after issue, rounded down to a whole second: after the
        // warm-up, before the end of the measured phase.
        let expiry = s.authZTTLMillis + (s.skewMillis ?? 30_000)
        #expect(expiry - 1_000 > s.warmupMillis && expiry < s.warmupMillis + s.durationMillis)
        // Several requests for one key arrive during one median upstream call.
        let keys = Double(s.devices * s.favorites)
        let lookupsPerKeyAndSecond = (s.loop.rate ?? 0) * Double(s.mix.get + s.mix.check) / 100 / keys
        #expect(lookupsPerKeyAndSecond * Double(s.backendMedianMicros) / 1_000_000 >= 3)
    }

    @Test func theOutageIsInsideTheMeasuredPhase() throws {
        let s = NamedScenario.upstreamOutage.scenario
        let start = try #require(s.upstreamOutageAtMillis)
        let length = try #require(s.upstreamOutageMillis)
        #expect(start > s.warmupMillis && start + length < s.warmupMillis + s.durationMillis)
    }

    @Test func anUnknownNameListsTheNames() {
        let message = FlagParsing.message(["--scenario", "nope"])
        #expect(
            message == "--scenario expects one of steady, cold-start, expiry-stampede, upstream-outage, attack-flood, "
                + "got 'nope'"
        )
        for named in NamedScenario.allCases { #expect(message?.contains(named.rawValue) == true) }
    }

    @Test func aScenarioDecodedWithAnUnknownNameDoesNotValidate() {
        var scenario = Scenario()
        scenario.name = "mystery"
        #expect(throws: BenchError.self) { try scenario.validate() }
    }
}
