import BenchHarness
import Testing

@Suite("Synchronised start: --start-at times, the grace, the wait")
struct StartPlanTests {
    /// Times and the instants they name, nanoseconds since the epoch.
    static let times: [(String, Int64)] = [
        ("2026-11-23T19:00:00Z", 1_795_460_400_000_000_000),
        ("2026-11-23T19:00:00.250Z", 1_795_460_400_250_000_000),
        ("2026-11-23T19:00:00.000000001Z", 1_795_460_400_000_000_001),
        ("2026-11-23T19:00:00+00:00", 1_795_460_400_000_000_000),
        ("1795460400000", 1_795_460_400_000_000_000),
        ("1970-01-01T00:00:00Z", 0),
        ("2024-02-29T12:00:00Z", 1_709_208_000_000_000_000),
    ]

    @Test("RFC 3339 UTC and epoch milliseconds name the same instant", arguments: times)
    func parses(text: String, nanos: Int64) {
        #expect(StartPlan.parseTime(text) == nanos)
    }

    @Test(
        "Malformed times are refused",
        arguments: [
            "", "now", "2026-11-23 19:00:00Z", "2026-11-23T19:00:00", "2026-11-23T19:00:00+01:00",
            "2026-13-01T00:00:00Z",
            "2026-02-29T00:00:00Z", "2026-11-23T24:00:00Z", "2026-11-23T19:00:00.Z", "2026-11-23T19:00Z", "-5", "12.5",
            "2026-11-23T19:00:00.1234567891Z",
        ]
    )
    func refuses(text: String) {
        #expect(StartPlan.parseTime(text) == nil)
    }

    @Test("Ready within the grace starts; later than it is a miss that says by how much")
    func grace() throws {
        let plan = StartPlan(epochNanos: 10_000_000_000, graceNanos: 2_000_000_000)
        try plan.check(nowNanos: 9_000_000_000)
        try plan.check(nowNanos: 12_000_000_000)
        let miss = #expect(throws: MissedStart.self) { try plan.check(nowNanos: 13_500_000_000) }
        #expect(miss?.lateNanos == 3_500_000_000)
        #expect(miss?.message.contains("3.5 s") == true)
        #expect(miss?.message.contains("--start-at") == true)
    }

    @Test("A start already passed maps to the past of the monotonic clock by the same amount")
    func mapsAPassedStart() {
        let plan = StartPlan(epochNanos: StartPlan.wallNanos() - 1_000_000_000)
        let monotonic: UInt64 = 50_000_000_000
        let t0 = plan.waitAndMap { monotonic }
        #expect(t0 < monotonic)
        #expect(t0 <= monotonic - 1_000_000_000)
    }

    /// Without the stop, this wait would last an hour.
    @Test("A stop requested before or during the wait for a distant start ends it: the start is now")
    func stopEndsTheWait() {
        let plan = StartPlan(epochNanos: StartPlan.wallNanos() + 3_600_000_000_000)
        let stop = StopRequest()
        stop.request(signal: 15, atNanos: 1)  // SIGTERM
        let monotonic: UInt64 = 50_000_000_000
        #expect(plan.waitAndMap(stop: stop) { monotonic } == monotonic)
    }

    @Test("The measured phase starts at the start plus the warm-up")
    func measuredStart() {
        let plan = StartPlan(epochNanos: 1_795_460_400_000_000_000)
        let millis = HarnessSetup.measuredStartMillis(t0: 7, plan: plan, warmupNanos: 2_000_000_000, monotonicNow: 7)
        #expect(millis == 1_795_460_402_000)
    }
}
