import BenchHarness
import Foundation
import Testing

/// `--inject-delay` (gate calibration): what it sets in the scenario, and every bad value a usage
/// error naming it.
@Suite("run flags: --inject-delay")
struct InjectDelayFlagTests {
    /// Flags and the delay they set, nanoseconds (nil: none).
    static let delays: [([String], Int64?)] = [
        (["--inject-delay", "500ns"], 500),
        (["--inject-delay", "2us"], 2_000),
        (["--inject-delay", "3µs"], 3_000),
        (["--inject-delay", "1ms"], 1_000_000),
        (["--inject-delay", "10ms"], 10_000_000),
        (["--inject-delay", "1ns"], 1),
        ([], nil),
        (["--scenario", "steady"], nil),
    ]

    @Test(arguments: delays)
    func theDelayLandsInTheScenario(arguments: [String], nanos: Int64?) throws {
        #expect(try FlagParsing.scenario(arguments).injectDelayNanos == nanos)
    }

    @Test(arguments: ["", "5", "-5ns", "5 us", "1.5us", "0ns", "11ms", "1s", "ns", "off", "99999999999999999999ns"])
    func badValuesAreUsageErrorsNamingTheFlag(text: String) {
        #expect(
            FlagParsing.message(["--inject-delay", text])
                == "--inject-delay expects a duration between 1ns and 10ms (e.g. 500ns, 2us), got '\(text)'"
        )
    }

    /// Recorded in the result's scenario, so that a calibration run is never taken for a plain one
    /// (and `compare` refuses to set it beside one without `--force`).
    @Test func theScenarioRecordsIt() throws {
        let scenario = try FlagParsing.scenario(["--inject-delay", "750ns"])
        #expect(scenario.fingerprint != (try FlagParsing.scenario([])).fingerprint)
        let json = try JSONEncoder().encode(scenario)
        #expect(String(decoding: json, as: UTF8.self).contains("\"injectDelayNanos\":750"))
    }
}
