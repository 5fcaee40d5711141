import AuthZCore
import AuthZSimulation
import Foundation
import Synchronization
import Testing

@Suite("Concurrent verification and HMAC on many threads")
struct ConcurrentUseTests {
    @Test func eightThreadsGetCorrectAnswers() throws {
        let message = Array("<simpleAuthorizationToken>x</simpleAuthorizationToken>".utf8)
        let signers = try [SignatureAlgorithm.es256, .ed25519, .hs256, .rs256].map { try SigningKey.generate($0) }
        let signatures = try signers.map { try $0.signature(for: message) }
        let hmac = try HMACSHA256Key(key: Array("binding secret".utf8))
        let expectedMAC = hmac.authenticationCode(for: message)
        let expectedHash = SHA256.hash(message)
        let wrong = Locked(0)
        let done = DispatchGroup()
        for worker in 0..<8 {
            done.enter()
            let thread = Thread {
                var failures = 0
                for round in 0..<25 {
                    let index = (worker + round) % signers.count
                    let verifier = signers[index].verifyingKey
                    if !verifier.isValidSignature(signatures[index], for: message) { failures += 1 }
                    if verifier.isValidSignature(signatures[index], for: message + [UInt8(round)]) { failures += 1 }
                    if hmac.authenticationCode(for: message) != expectedMAC { failures += 1 }
                    if SHA256.hash(message) != expectedHash { failures += 1 }
                }
                wrong.withLock { $0 += failures }
                done.leave()
            }
            thread.start()
        }
        done.wait()
        #expect(wrong.withLock { $0 } == 0)
    }
}
