import AuthZCore
import BenchHarness
import Testing

@Suite("run flags: the scenario they describe")
struct RunFlagsTests {
    /// The scenario the flags describe, parsed and validated as `run` does.
    func scenario(_ arguments: [String]) throws -> Scenario { try FlagParsing.scenario(arguments) }

    /// The usage error's message for `arguments` (nil when they are accepted).
    func message(_ arguments: [String]) -> String? { FlagParsing.message(arguments) }

    @Test func defaultsAreAnOpenLoopScenario() throws {
        let s = try scenario([])
        #expect(s.loop == .open(rate: 2_000))
        #expect(s.threads == 2)
        #expect(s.mix == OperationMix())
        // Steady state over 10,000 devices with a realistic upstream: the `steady` scenario.
        #expect(s.devices == 10_000 && !s.cold && s.backendMedianMicros == 200_000 && s.backendP99Micros == 1_000_000)
        #expect(s.name == nil)
    }

    @Test func everyFlagLandsInTheScenario() throws {
        let s = try scenario([
            "--devices", "1000", "--requestors", "3", "--mvpds", "4", "--resources", "50", "--zipf", "0.8",
            "--mix", "get=50,check=20,verify=10,logout=10,attack=10", "--alg", "ED25519", "--cache", "tinylfu",
            "--capacity", "5000", "--threads", "4", "--rate", "1500", "--duration", "3s", "--warmup", "500ms",
            "--seed", "42", "--inject-stall", "200ms@2s", "--authn-ttl", "10s", "--authz-ttl", "5s",
            "--stage-sample", "10", "--shard", "2/4", "--upstream-latency", "100us/1ms", "--upstream-deny-ratio", "0.1",
        ])
        #expect(s.devices == 1000 && s.requestors == 3 && s.mvpds == 4 && s.resources == 50)
        #expect(s.zipf == 0.8)
        #expect(s.mix == OperationMix(get: 50, check: 20, verify: 10, logout: 10, attack: 10))
        #expect(s.algorithm == .ed25519 && s.cache == .tinylfu && s.capacity == 5000 && s.threads == 4)
        #expect(s.loop == .open(rate: 1500) && s.durationMillis == 3000 && s.warmupMillis == 500 && s.seed == 42)
        #expect(s.stallMillis == 200 && s.stallPeriodMillis == 2000)
        #expect(s.authNTTLMillis == 10_000 && s.authZTTLMillis == 5_000 && s.stageSample == 10)
        #expect(s.shardIndex == 1 && s.shardCount == 4)
        #expect(s.backendMedianMicros == 100 && s.backendP99Micros == 1000 && s.backendDenyRatio == 0.1)
    }

    @Test(
        "The older names --backend-latency and --deny-ratio are aliases: the same scenario, messages in the current names"
    )
    func olderUpstreamNamesAreAliases() throws {
        let current = try scenario(["--upstream-latency", "100us/1ms", "--upstream-deny-ratio", "0.1"])
        let aliased = try scenario(["--backend-latency", "100us/1ms", "--deny-ratio=0.1"])
        #expect(aliased == current)
        #expect(aliased.backendMedianMicros == 100 && aliased.backendDenyRatio == 0.1)
        #expect(
            message(["--deny-ratio", "1.5"])
                == "--upstream-deny-ratio expects a share at least 0 and below 1, got '1.5'"
        )
        #expect(
            message(["--backend-latency", "0us/0us", "--upstream-latency", "0us/0us"])
                == "--upstream-latency given twice"
        )
        let unknown = try #require(message(["--nonsense"]))
        #expect(unknown.contains("--backend-latency") && unknown.contains("--upstream-latency"))
    }

    @Test func closedLoopHasNoRate() throws {
        let s = try scenario(["--closed"])
        #expect(s.loop == .closed)
        #expect(s.loop.rate == nil)
    }

    @Test func tinylfuIsTheClimberAndTinylfuFixedTheFixedWindow() throws {
        #expect(try scenario(["--cache", "tinylfu"]).cache == .tinylfu)
        #expect(try scenario(["--cache", "tinylfu-fixed"]).cache == .tinylfuFixed)
        #expect(CacheStrategyKind.tinylfuFixed.rawValue == "tinylfu-fixed")
    }

    @Test func theParserOnlyReadsValuesAndValidateStatesTheRule() throws {
        let args = try Arguments(
            ["--devices", "0", "--shard", "0/4", "--mix", "get=150"],
            options: WorkloadFlags.valueOptions,
            flags: WorkloadFlags.flagOptions
        )
        let parsed = try WorkloadFlags.scenario(from: args, defaultThreads: 2)
        #expect(parsed.devices == 0 && parsed.shardIndex == -1 && parsed.shardCount == 4 && parsed.mix.get == 150)
        // Text that does not read and a value out of range are told in the same words.
        #expect(message(["--devices", "abc"]) == "--devices expects an integer in 1...10000000, got 'abc'")
        #expect(message(["--devices", "0"]) == "--devices expects an integer in 1...10000000, got '0'")
        #expect(
            message(["--mix", "get=-10,check=110"])
                == "--mix expects NAME=PERCENT pairs (e.g. get=70,check=20,verify=10), got 'get=-10'"
        )
    }

    @Test func messagesQuoteTheTextAsTyped() {
        #expect(message(["--zipf", "1e400"]) == "--zipf expects an exponent between 0 (uniform) and 10, got '1e400'")
        #expect(message(["--rate", "-5"]) == "--rate expects requests per second (a positive number), got '-5'")
        #expect(
            message(["--inject-stall", "2s@200ms"])
                == "--inject-stall expects DURATION@PERIOD with DURATION < PERIOD (e.g. 200ms@2s), got '2s@200ms'"
        )
        #expect(message(["--shard", "5/4"]) == "--shard expects I/N with 1 <= I <= N (e.g. 2/4), got '5/4'")
        #expect(message(["--devices", "3", "--shard", "4/4"]) == "--shard 4/4: fewer devices (3) than shards")
        #expect(message(["--requestors", "70000"]) == "--requestors must be between 1 and 65535")
        #expect(message(["--mix", "get=70,check=20"]) == "--mix shares must sum to 100, got 90")
        #expect(message(["--alg", "MD5"]) == "--alg expects one of es256, rs256, ed25519, hs256, got 'MD5'")
        #expect(message(["--rate", "100", "--closed"]) == "--rate and --closed exclude each other")
    }

    @Test(arguments: [
        (["--mix", "get=70,check=20"], "--mix"),
        (["--mix", "get=70,check=20,bogus=10"], "--mix"),
        (["--mix", "get=100,get=0"], "--mix"),
        (["--rate", "100", "--closed"], "--rate"),
        (["--rate", "-5"], "--rate"),
        (["--devices", "0"], "--devices"),
        (["--devices", "many"], "--devices"),
        (["--alg", "md5"], "--alg"),
        (["--cache", "fifo"], "--cache"),
        // The climber is `tinylfu` itself: no second name for it.
        (["--cache", "tinylfu-adaptive"], "--cache"),
        (["--duration", "5"], "--duration"),
        (["--duration", "10ms"], "--duration"),
        (["--inject-stall", "2s@200ms"], "--inject-stall"),
        (["--inject-stall", "200ms"], "--inject-stall"),
        (["--shard", "0/4"], "--shard"),
        (["--shard", "5/4"], "--shard"),
        (["--zipf", "-1"], "--zipf"),
        (["--seed", "-3"], "--seed"),
        (["--authn-ttl", "10ms"], "--authn-ttl"),
        (["--upstream-latency", "2ms/1ms"], "--upstream-latency"),
        (["--nonsense"], "--nonsense"),
    ])
    func badFlagsAreUsageErrorsNamingTheFlag(arguments: [String], flag: String) {
        do {
            _ = try scenario(arguments)
            Issue.record("\(arguments) was accepted")
        } catch let error as BenchError {
            #expect(error.reason == .invalidSetting)
            #expect(error.message.contains(flag), "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// The population rule (16-bit requestor and MVPD indexes) holds for a run's workers, not for a
    /// sweep, which replays key strings; any number of devices works with any number of workers.
    @Test func populationRulesApplyOnlyToARun() throws {
        var scenario = Scenario()
        scenario.devices = 1
        scenario.requestors = 70_000
        scenario.threads = 4
        try scenario.validate(population: false)
        #expect(throws: BenchError.self) { try scenario.validate() }
        scenario.requestors = 20
        try scenario.validate()
    }
}
