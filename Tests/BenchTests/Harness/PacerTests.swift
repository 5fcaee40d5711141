import Testing
@testable import Bench

/// The pacer on its own, with a synthetic fixed-cost operation (a busy loop of known length).
@Suite("Pacer with a fixed-cost operation")
struct PacerTests {
    /// Busy-waits `nanoseconds` (the synthetic operation: fixed cost, no sleeping).
    static func spin(_ nanoseconds: UInt64) {
        let end = MonotonicClock.nanoseconds() + nanoseconds
        while MonotonicClock.nanoseconds() < end {}
    }

    @Test func unsaturatedResponseTimeStaysCloseToServiceTime() {
        // 300 operations of 50 µs at 2,000/s (every 500 µs): the generator is idle 90% of the time.
        let period: UInt64 = 500_000
        var response = HDRHistogram()
        var service = HDRHistogram()
        let t0 = MonotonicClock.nanoseconds() + 1_000_000
        for i in 0..<300 {
            let intended = t0 + UInt64(i) * period
            Pacer.wait(until: intended)
            let send = MonotonicClock.nanoseconds()
            Self.spin(50_000)
            let done = MonotonicClock.nanoseconds()
            #expect(send >= intended)  // never early
            response.record(done - intended)
            service.record(done - send)
        }
        // Structural: response time includes service time. Loose bound on the median gap (the start
        // lag) so a busy machine does not fail it: 1 ms, where an idle one shows microseconds.
        #expect(response.value(atPercentile: 50) >= service.value(atPercentile: 50))
        #expect(response.value(atPercentile: 50) - service.value(atPercentile: 50) < 1_000_000)
        #expect(service.value(atPercentile: 50) >= 50_000)
    }

    @Test func aPastTargetReturnsAtOnce() {
        let start = MonotonicClock.nanoseconds()
        Pacer.wait(until: start - 1_000_000)
        #expect(MonotonicClock.nanoseconds() - start < 50_000_000)  // did not wait for anything
    }
}
