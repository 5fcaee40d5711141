import BenchHarness
import Testing

/// `--max-start-lag`: what it sets in the scenario, and every bad value a usage error naming it.
@Suite("run flags: --max-start-lag")
struct StartLagFlagTests {
    /// Flags and the bound they set, microseconds (nil: not checked).
    static let bounds: [([String], Int64?)] = [
        (["--max-start-lag", "3ms"], 3_000),
        (["--max-start-lag", "500us"], 500),
        (["--max-start-lag", "250µs"], 250),
        (["--max-start-lag", "2s"], 2_000_000),
        (["--max-start-lag", "1h"], 3_600_000_000),
        (["--max-start-lag", "off"], nil),
        (["--max-start-lag", "OFF"], nil),
        (["--max-start-lag", "0"], nil),
        (["--max-start-lag", "0ms"], nil),
        ([], 5_000),
        (["--scenario", "attack-flood"], 5_000),
        (["--closed"], nil),
        (["--stages", "1s:100,1s:200"], 5_000),
    ]

    @Test(arguments: bounds)
    func theBoundLandsInTheScenario(arguments: [String], micros: Int64?) throws {
        #expect(try FlagParsing.scenario(arguments).maxStartLagMicros == micros)
    }

    @Test(arguments: ["", "5", "-5ms", "5 ms", "1.5ms", "5ns", "ms", "2h", "99999999999999999999us", "on"])
    func badValuesAreUsageErrorsNamingTheFlag(text: String) {
        let message = FlagParsing.message(["--max-start-lag", text])
        #expect(
            message == "--max-start-lag expects a duration between 1us and 1h (e.g. 10ms or 500us), or off "
                + "(0 is off too), got '\(text)'"
        )
    }

    @Test func theClosedLoopHasNoStartLagToBound() {
        #expect(
            FlagParsing.message(["--closed", "--max-start-lag", "5ms"])
                == "--max-start-lag bounds the open loop's start lag; the closed loop has none (it excludes --closed)"
        )
        #expect(FlagParsing.message(["--closed", "--max-start-lag", "off"])?.hasPrefix("--max-start-lag") == true)
    }
}
