import AuthZCore
import AuthZSimulation
import Dispatch
import Synchronization
import Testing

/// Many threads at once on one engine: checks, gets, media verification and logouts interleaved.
/// Run under the thread sanitizer by `make test`.
@Suite("Engine Concurrency stress")
struct EngineConcurrencyTests {
    @Test func mixedTrafficFromManyThreadsGivesConsistentAnswers() throws {
        let f = try ShardedFixture()
        let now = ShardedFixture.start
        let devices = (0..<16).map { ShardedFixture.device($0) }
        let tokens = try devices.enumerated().map { index, device in
            try f.authNToken(device: device, guid: "guid-\(index)")
        }
        let verifier = MediaTokenVerifier(key: f.mediaKey.verifyingKey, replayGuard: ReplayGuard(capacity: 10_000))
        let failures = Failures()
        // Each worker's clock is `now + step`, so the clocks of two workers disagree: a media token
        // minted for one worker's request (or for a request coalesced with it) can carry a later
        // issue time than another worker's clock, and would be rejected as not yet valid there.
        // The media server verifies after the last step's clock, as a real one verifies after issue.
        let verifiedAt = now + 150
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<150 {
                let index = (worker * 7 + step) % devices.count
                // Devices 0...3 are logged out by worker 0 at step 50; the others stay valid throughout.
                let stable = index >= 4
                let request = f.request(tokens[index], device: devices[index], resource: "r\(step % 5)")
                switch step % 3 {
                case 0:
                    let code = f.engine.checkAuthorizationWaiting(request, now: now + Int64(step))
                    if stable && code != .validToken { failures.add("check \(index): \(code)") }
                case 1:
                    let outcome = f.engine.getAuthorizationWaiting(request, now: now + Int64(step))
                    if case .mediaToken(let media) = outcome {
                        let first = media.withUnsafeBytes {
                            verifier.verify($0, resource: "r\(step % 5)", now: verifiedAt)
                        }
                        let again = media.withUnsafeBytes {
                            verifier.verify($0, resource: "r\(step % 5)", now: verifiedAt)
                        }
                        if first != .validToken || again != .tokenReplayed { failures.add("media \(first) \(again)") }
                    } else if stable {
                        failures.add("get \(index): \(outcome)")
                    }
                default:
                    // A thief presents the token from another device: always a mismatch.
                    let thief = f.request(tokens[index], device: devices[(index + 1) % devices.count], resource: "r0")
                    let code = f.engine.checkAuthorizationWaiting(thief, now: now + Int64(step))
                    if stable && code != .deviceMismatch { failures.add("thief \(index): \(code)") }
                }
                if worker == 0 && step == 50 { f.engine.logout(authNTokens: Array(tokens[0..<4]), now: now + 50) }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
        for index in 0..<4 {
            #expect(
                f.engine.checkAuthorizationWaiting(f.request(tokens[index], device: devices[index]), now: now + 500)
                    == .notAuthenticated
            )
        }
        let stats = f.engine.stats
        #expect(stats.verifiedTokens.entries <= 1_024)
        #expect(verifier.replayGuard.stats.duplicates == verifier.replayGuard.stats.inserted)
    }
}

/// A thread-safe list of failure messages.
final class Failures: Sendable {
    private let messages = Locked<[String]>([])
    func add(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}
