import BenchHarness
import Testing

/// The session and upstream flags of `run`: what they set, and every bad value a usage error
/// naming the flag.
@Suite("run flags: sessions and the upstream")
struct UpstreamFlagsTests {
    @Test func everyFlagLandsInTheScenario() throws {
        let s = try FlagParsing.scenario([
            "--favorites", "8", "--cold", "--closed", "--concurrency", "16",
            "--refresh-ahead", "0.5", "--upstream-errors", "0.05", "--upstream-timeout", "2s",
            "--upstream-outage", "5s@20s", "--upstream-max-in-flight", "100", "--duration", "30s",
            "--upstream-latency", "1s/1s",
        ])
        #expect(s.favorites == 8 && s.cold && s.loop == .closed && s.concurrency == 16)
        // The arrivals are the open loop's: the closed loop refuses them (`HostileTable+Load`).
        #expect(try FlagParsing.scenario(["--arrivals", "Poisson"]).arrivals == .poisson)
        #expect(try FlagParsing.scenario(["--pacing", "spin"]).pacing == .spin)
        #expect(try FlagParsing.scenario([]).pacing == .sleep)
        #expect(s.refreshAhead == 0.5 && s.upstreamErrorRatio == 0.05 && s.upstreamTimeoutMillis == 2_000)
        #expect(s.upstreamOutageMillis == 5_000 && s.upstreamOutageAtMillis == 20_000 && s.upstreamMaxInFlight == 100)
        #expect(s.backendMedianMicros == 1_000_000 && s.backendP99Micros == 1_000_000)
        #expect(try FlagParsing.scenario(["--refresh-ahead", "off"]).refreshAhead == nil)
        #expect(try FlagParsing.scenario(["--upstream-errors", "1"]).upstreamErrorRatio == 1)
        // An outage may start at the load's start and outlast it: it need only begin inside it.
        let early = try FlagParsing.scenario(["--upstream-outage", "1h@0s"])
        #expect(early.upstreamOutageMillis == 3_600_000 && early.upstreamOutageAtMillis == 0)
    }

    @Test func theDenyTTLReadsDurationsAndOff() throws {
        #expect(try FlagParsing.scenario(["--deny-ttl", "30s"]).denyTTLMillis == 30_000)
        #expect(try FlagParsing.scenario(["--deny-ttl", "500ms"]).denyTTLMillis == 500)
        #expect(try FlagParsing.scenario(["--deny-ttl", "1d"]).denyTTLMillis == 86_400_000)
        for off in ["0", "0s", "0ms", "off", "OFF"] {
            #expect(try FlagParsing.scenario(["--deny-ttl", off]).denyTTLMillis == nil, "\(off)")
        }
        #expect(try FlagParsing.scenario([]).denyTTLMillis == nil)
        #expect(
            FlagParsing.message(["--deny-ttl", "soon"])
                == "--deny-ttl expects a duration between 1ms and 1d (e.g. 30s or 500ms), or 0 or off, got 'soon'"
        )
        #expect(
            FlagParsing.message(["--deny-ttl", "2d"])
                == "--deny-ttl expects a duration between 1ms and 1d (e.g. 30s or 500ms), or 0 or off, got '2d'"
        )
    }

    @Test(arguments: [
        (["--favorites", "0"], "--favorites"),
        (["--favorites", "-1"], "--favorites"),
        (["--favorites", "many"], "--favorites"),
        (["--favorites", "1001"], "--favorites"),
        (["--arrivals", "bursty"], "--arrivals"),
        (["--arrivals", ""], "--arrivals"),
        (["--pacing", "busy"], "--pacing"),
        (["--pacing", "spin", "--closed"], "--pacing"),
        (["--concurrency", "0", "--closed"], "--concurrency"),
        (["--concurrency", "x", "--closed"], "--concurrency"),
        (["--concurrency", "4"], "--concurrency"),
        (["--concurrency", "4", "--rate", "100"], "--concurrency"),
        (["--refresh-ahead", "0"], "--refresh-ahead"),
        (["--refresh-ahead", "1"], "--refresh-ahead"),
        (["--refresh-ahead", "1.5"], "--refresh-ahead"),
        (["--refresh-ahead", "-0.2"], "--refresh-ahead"),
        (["--refresh-ahead", "nan"], "--refresh-ahead"),
        (["--refresh-ahead", "on"], "--refresh-ahead"),
        (["--upstream-errors", "-0.1"], "--upstream-errors"),
        (["--upstream-errors", "1.01"], "--upstream-errors"),
        (["--upstream-errors", "nan"], "--upstream-errors"),
        (["--upstream-errors", "1%"], "--upstream-errors"),
        (["--upstream-timeout", "0s"], "--upstream-timeout"),
        (["--upstream-timeout", "2"], "--upstream-timeout"),
        (["--upstream-timeout", "-2s"], "--upstream-timeout"),
        (["--upstream-timeout", "2d"], "--upstream-timeout"),
        (["--upstream-outage", "5s"], "--upstream-outage"),
        (["--upstream-outage", "0s@1s"], "--upstream-outage"),
        (["--upstream-outage", "5s@"], "--upstream-outage"),
        (["--upstream-outage", "@5s"], "--upstream-outage"),
        (["--upstream-outage", "5s@1s@2s"], "--upstream-outage"),
        (["--upstream-outage", "2d@1s"], "--upstream-outage"),
        (["--upstream-outage", "5s@20s"], "--upstream-outage"),
        (["--upstream-outage", "1s@12s"], "--upstream-outage"),
        (["--deny-ttl", "30"], "--deny-ttl"),
        (["--deny-ttl", "-1s"], "--deny-ttl"),
        (["--deny-ttl", "2d"], "--deny-ttl"),
        (["--deny-ttl", "on"], "--deny-ttl"),
        (["--deny-ttl", ""], "--deny-ttl"),
        (["--deny-ttl", "99999999999999999999d"], "--deny-ttl"),
        (["--upstream-max-in-flight", "0"], "--upstream-max-in-flight"),
        (["--upstream-max-in-flight", "lots"], "--upstream-max-in-flight"),
        (["--upstream-max-in-flight", "99999999999999999999"], "--upstream-max-in-flight"),
        (["--scenario", "nope"], "--scenario"),
        (["--scenario", ""], "--scenario"),
        (["--cold=yes"], "--cold"),
        (["--scenario", "upstream-outage", "--duration", "2s"], "--upstream-outage"),
    ])
    func badValuesAreUsageErrorsNamingTheFlag(arguments: [String], flag: String) {
        let message = FlagParsing.message(arguments)
        #expect(message?.hasPrefix(flag) == true, "\(arguments): \(message ?? "accepted")")
        #expect(message?.contains("\n") == false)
    }

    @Test func messagesSayWhatWasExpected() {
        #expect(
            FlagParsing.message(["--refresh-ahead", "1.5"])
                == "--refresh-ahead expects a fraction of the lifetime between 0 and 1, both excluded (e.g. 0.8), or off, got '1.5'"
        )
        #expect(
            FlagParsing.message(["--upstream-timeout", "0s"])
                == "--upstream-timeout expects a duration between 1ms and 1d (e.g. 2s or 500ms), got '0s'"
        )
        #expect(
            FlagParsing.message(["--concurrency", "4"])
                == "--concurrency sets the closed loop's sessions; it needs --closed"
        )
        #expect(
            FlagParsing.message(["--upstream-outage", "5s@20s"])
                == "--upstream-outage 5s@20s starts after the load ends (warm-up plus duration: 12.0s); "
                + "TIME counts from the start of the warm-up"
        )
    }
}
