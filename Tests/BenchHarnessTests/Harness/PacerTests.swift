import AuthZCore
import BenchHarness
import Foundation
import HDRHistogram
import Testing

/// The pacer on its own, with a synthetic fixed-cost operation (a busy loop of known length).
@Suite("Pacer with a fixed-cost operation")
struct PacerTests {
    /// Busy-waits `nanoseconds` (the synthetic operation: fixed cost, no sleeping).
    static func spin(_ nanoseconds: UInt64) {
        let end = MonotonicClock.nanoseconds() + nanoseconds
        while MonotonicClock.nanoseconds() < end {}
    }

    @Test func unsaturatedResponseTimeIsStartLagPlusServiceTime() {
        // 300 operations of 50 µs at 2,000/s (every 500 µs): the generator is idle 90% of the time.
        // Structural checks only (no bound on how late a busy machine may be): the pacer is never
        // early, response time is exactly start lag plus service time, and it sleeps while idle
        // rather than spinning the whole gap.
        let period: UInt64 = 500_000
        let t0 = MonotonicClock.nanoseconds() + 1_000_000
        var sleeps = 0
        var early = 0
        var mismatched = 0
        var service = HDRHistogram()
        for i in 0..<300 {
            let intended = t0 + UInt64(i) * period
            sleeps += Pacer.wait(until: intended)
            let send = MonotonicClock.nanoseconds()
            Self.spin(50_000)
            let done = MonotonicClock.nanoseconds()
            if send < intended { early += 1 }
            let (response, lag, serviceTime) = (done - intended, send - intended, done - send)
            if response != lag + serviceTime { mismatched += 1 }
            service.record(serviceTime)
        }
        #expect(early == 0)
        #expect(mismatched == 0)
        #expect(service.value(atPercentile: 50) >= 50_000)
        #expect(sleeps > 0)
    }

    #if os(Linux)
    @Test func aWorkerThreadTightensItsTimerSlack() throws {
        let thread = try #require(try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8))
        let tid = try #require(thread.split(separator: " ").first)
        #expect(Pacer.tightenTimerSlack())
        let slack = try String(contentsOfFile: "/proc/\(tid)/timerslack_ns", encoding: .utf8)
        #expect(slack.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Pacer.tightSlackNanos)")
        // With the tight slack the pacer also sleeps through short gaps, and is never early.
        let target = MonotonicClock.nanoseconds() + 2 * Pacer.spinNanos
        Pacer.wait(until: target, tightSlack: true)
        #expect(MonotonicClock.nanoseconds() >= target)
    }
    #endif

    #if os(Linux)
    /// The calling thread's voluntary context switches so far: one each time it blocked, as a
    /// sleep does (a preemption is an involuntary one). One system call, no allocation: nothing
    /// of the reading itself may block between two readings.
    static func voluntarySwitches() throws -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1), which Swift's Glibc module does not name.
        try #require(getrusage(__rusage_who_t(1), &usage) == 0)
        return usage.ru_nvcsw
    }

    @Test(arguments: [Scenario.Pacing.sleep, .spin])
    func aWorkerClockSleepsOrSpinsAsItsPacingSays(pacing: Scenario.Pacing) throws {
        // A 5 ms wait, far beyond the last stretch the pacer spins: the sleeping clock gives the
        // core up at least once, the spinning one never; neither returns early.
        let clock = SystemWorkerClock(pacing: pacing).forWorkerThread()
        let before = try Self.voluntarySwitches()
        let target = MonotonicClock.nanoseconds() + 5_000_000
        clock.wait(until: target)
        let switches = try Self.voluntarySwitches() - before
        #expect(MonotonicClock.nanoseconds() >= target)
        if pacing == .spin { #expect(switches == 0) } else { #expect(switches > 0) }
    }
    #endif

    @Test func aPastTargetReturnsWithoutSleeping() {
        let now = MonotonicClock.nanoseconds()
        #expect(Pacer.wait(until: now - 1_000_000) == 0)
        #expect(Pacer.wait(until: 0) == 0)
    }
}
