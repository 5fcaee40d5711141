import AuthZCore
import AuthZSimulation
import BenchHarness
import TestSupport
import Testing

@Suite("Validity policy: expiry with skew, trusted issuers")
struct ValidityPolicyTests {
    @Test(arguments: [
        (expiresAt: Int64(1_000), now: Int64(999), skew: Int64(0), expired: false),
        (expiresAt: 1_000, now: 1_000, skew: 0, expired: false),
        (expiresAt: 1_000, now: 1_001, skew: 0, expired: true),
        (expiresAt: 1_000, now: 1_500, skew: 500, expired: false),
        (expiresAt: 1_000, now: 1_501, skew: 500, expired: true),
    ])
    func expiryHonoursSkew(expiresAt: Int64, now: Int64, skew: Int64, expired: Bool) {
        let policy = ValidityPolicy(skewMillis: skew)
        #expect(policy.isExpired(expiresAt: expiresAt, now: now) == expired)
    }

    @Test func issuerMustBeAllowedWhenAListIsGiven() {
        let policy = ValidityPolicy(allowedIssuers: ["Comcast", "Charter"])
        #expect(policy.check(expiresAt: 10, issuer: "Comcast", now: 5) == .validToken)
        #expect(policy.check(expiresAt: 10, issuer: "Evil", now: 5) == .untrustedIssuer)
        #expect(policy.check(expiresAt: 10, issuer: "Evil", now: 11) == .tokenExpired)
        #expect(ValidityPolicy().check(expiresAt: 10, issuer: "Anyone", now: 5) == .validToken)
    }

    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock(epochMillis: 1_000)
        #expect(clock.nowMillis() == 1_000)
        clock.advance(by: 250)
        #expect(clock.nowMillis() == 1_250)
        clock.set(epochMillis: 7)
        #expect(clock.nowMillis() == 7)
    }

    /// The coarse clock read between two precise reads: never after the second, and behind the
    /// first by less than a kernel tick (at most 10 ms), however long the thread was descheduled
    /// between the reads (comparing it with one precise read held only while that gap stayed short).
    @Test func systemClocksAgreeWithinAFewTicks() {
        let before = SystemClock().nowMillis()
        let coarse = CoarseClock().nowMillis()
        let after = SystemClock().nowMillis()
        #expect(coarse <= after)
        #expect(coarse > before - 100)
        #expect(before > 1_600_000_000_000)  // after 2020: the clock is in epoch milliseconds
    }
}
