import BenchHarness
import Testing

/// Every `--start-at` a user can type parses to an instant in range or is refused, never traps:
/// years 0001 to 9999 and epoch milliseconds of any length.
@Suite("Synchronised start: times beyond 64-bit nanoseconds are refused, never trapped")
struct StartPlanRangeTests {
    /// Years across the calendar: before the epoch, around it, the 2262 limit, beyond it.
    static let years = [1, 2, 100, 1600, 1677, 1678, 1969, 1970, 1971, 2026, 2261, 2262, 2263, 3000, 9999]

    @Test("An RFC 3339 time of any year parses in range or is refused as out of range", arguments: years)
    func anyYear(year: Int) {
        for stamp in [
            "01-01T00:00:00Z", "04-11T23:47:16Z", "04-11T23:47:16.854775807Z", "04-11T23:47:16.854775808Z",
            "12-31T23:59:59.999999999Z",
        ] {
            let text = String(format: "%04d-", year) + stamp
            switch StartPlan.parse(text) {
            case .success(let nanos):
                #expect(nanos >= 0, "\(text)")
                #expect((1970...2262).contains(year), "\(text) parsed to \(nanos)")
            case .failure(let error):
                #expect(error == .outOfRange, "\(text)")
                #expect(year < 1970 || year >= 2262, "\(text) refused")
            }
        }
    }

    @Test("The last schedulable instant parses; one nanosecond later is out of range")
    func theLimit() {
        #expect(StartPlan.parseTime("2262-04-11T23:47:16.854775807Z") == Int64.max)
        #expect(StartPlan.parse("2262-04-11T23:47:16.854775808Z") == .failure(.outOfRange))
        #expect(StartPlan.parse("9999-12-31T23:59:59Z") == .failure(.outOfRange))
        #expect(StartPlan.parse("0001-01-01T00:00:00Z") == .failure(.outOfRange))
    }

    @Test(
        "Epoch milliseconds of any length parse in range or are refused as out of range",
        arguments: [
            "0", "9223372036854", "9223372036855", "999999999999999", "9223372036854775807", "9223372036854775808",
            String(repeating: "9", count: 40),
        ]
    )
    func epochMillis(text: String) {
        let millis = Int64(text)
        switch StartPlan.parse(text) {
        case .success(let nanos): #expect(millis.map { $0 * 1_000_000 } == nanos)
        case .failure(let error):
            #expect(error == .outOfRange)
            #expect(millis == nil || millis! > 9_223_372_036_854)
        }
    }

    @Test("The grace check saturates for any start and now", arguments: [Int64.min, -1, 0, 1, Int64.max])
    func checkNeverTraps(start: Int64) {
        for now in [Int64.min, 0, StartPlan.wallNanos(), Int64.max] {
            let plan = StartPlan(epochNanos: start, graceNanos: Int64.max)
            #expect(throws: Never.self) { try plan.check(nowNanos: now) }
            let strict = StartPlan(epochNanos: start, graceNanos: 0)
            let missed = (try? strict.check(nowNanos: now)) == nil
            #expect(missed == (now > start), "start \(start), now \(now)")
        }
    }
}
