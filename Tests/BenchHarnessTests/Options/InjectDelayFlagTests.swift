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

    /// `D@OP`: the delay of one operation's inline answers; several separated by commas, and at
    /// most one plain `D` for the operations not named.
    @Test func perOperationDelaysLandInTheScenario() throws {
        let one = try FlagParsing.scenario(["--inject-delay", "100ns@check"])
        #expect(one.injectDelayNanos == nil && one.injectDelayNanosByOperation == ["check": 100])
        #expect(one.injectDelayNanos(of: .check) == 100 && one.injectDelayNanos(of: .get) == nil)
        let both = try FlagParsing.scenario(["--inject-delay", "1us,5us@get,2us@attack"])
        #expect(both.injectDelayNanos == 1_000)
        #expect(both.injectDelayNanosByOperation == ["get": 5_000, "attack": 2_000])
        #expect(OperationKind.allCases.map { both.injectDelayNanos(of: $0) } == [5_000, 1_000, 1_000, 1_000, 2_000])
        #expect(WorkerTiming.injectDelays(both) == [5_000, 1_000, 1_000, 1_000, 2_000])
        #expect(WorkerTiming.injectDelays(try FlagParsing.scenario([])).isEmpty)
        let json = String(decoding: try JSONEncoder().encode(one), as: UTF8.self)
        #expect(
            json.contains("\"injectDelayNanosByOperation\":{\"check\":100}") && !json.contains("\"injectDelayNanos\":")
        )
        #expect(try JSONDecoder().decode(Scenario.self, from: Data(json.utf8)) == one)
        #expect(one.fingerprint != (try FlagParsing.scenario(["--inject-delay", "100ns"])).fingerprint)
    }

    @Test(arguments: [
        ("5us@put", "--inject-delay: unknown operation 'put'; expected get, check, verify, logout, attack"),
        ("5us@check,6us@check", "--inject-delay names 'check' twice"),
        ("1us,2us", "--inject-delay 1us,2us: at most one D for every operation, then D@OP"),
        ("x@check", "--inject-delay expects a duration between 1ns and 10ms (e.g. 500ns, 2us), got 'x@check'"),
        (
            "1us@check@get",
            "--inject-delay expects a duration between 1ns and 10ms (e.g. 500ns, 2us), got '1us@check@get'"
        ),
        ("11ms@get", "--inject-delay expects a duration between 1ns and 10ms (e.g. 500ns, 2us), got '11ms@get'"),
    ])
    func badPerOperationValuesAreUsageErrorsNamingTheFlag(text: String, message: String) {
        #expect(FlagParsing.message(["--inject-delay", text]) == message)
    }
}
