import AuthZCore
import AuthZSimulation
import BenchHarness
import Foundation
import Testing

/// The 2-thread rows pin their workers to distinct CPUs, and say so when they cannot; a pinned
/// piece of work lifts its pin after it.
@Suite("Micro: 2-thread rows pinned to distinct CPUs")
struct ThreadPinningTests {
    static func row(_ name: String, threads: Int, opsPerSec: Double) -> MicroResult {
        MicroResult(
            name: name,
            threads: threads,
            nsPerOp: 1e9 / opsPerSec,
            p99: 1e9 / opsPerSec,
            opsPerSec: opsPerSec,
            reference: nil,
            referenceLabel: nil,
            ratio: nil,
            libcryptoAllocsPerOp: nil,
            iterationsPerBatch: 1,
            batches: 1
        )
    }

    @Test func aNoteWhenThereAreFewerCPUsThanThreads() {
        let rows = [
            Self.row("cache.hit.mutex.t1", threads: 1, opsPerSec: 2e7),
            Self.row("cache.hit.mutex.t2", threads: 2, opsPerSec: 1.5e7),
        ]
        let alone = MicroTable.claims(rows, allowedCPUs: 1)
        #expect(alone.first?.hasPrefix("note") == true)
        #expect(alone.contains { $0.contains("scaling  cache.hit.mutex.t2: 0.75x") })
        #expect(!MicroTable.claims(rows, allowedCPUs: 2).contains { $0.hasPrefix("note") })
        #expect(!MicroTable.claims([rows[0]], allowedCPUs: 1).contains { $0.hasPrefix("note") })
    }

    #if os(Linux)
    /// A thread pinned to the first allowed CPU reports only that CPU as allowed afterwards.
    @Test func aPinnedThreadRunsOnItsCPU() throws {
        let allowed = CPUAffinity.allowedCPUs()
        try #require(!allowed.isEmpty)
        let seen = Locked<(Bool, [Int])>((false, []))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let pinned = CPUAffinity.pinCurrentThread(toAllowed: allowed.count - 1, of: allowed)
            seen.withLock { $0 = (pinned, CPUAffinity.allowedCPUs()) }
            done.signal()
        }
        thread.start()
        done.wait()
        let (pinned, after) = seen.withLock { $0 }
        #expect(pinned)
        #expect(after == [allowed[allowed.count - 1]])
        #expect(!CPUAffinity.pinCurrentThread(toAllowed: allowed.count, of: allowed))
    }

    /// `ab`'s children pin each block's workers on threads of Dispatch's pool: the pin holds for
    /// the work (the index wrapping round the allowed CPUs) and is lifted after it.
    @Test func aPinnedPieceOfWorkLeavesItsThreadAsItFoundIt() throws {
        let allowed = CPUAffinity.allowedCPUs()
        try #require(!allowed.isEmpty)
        let seen = Locked<(during: [Int], after: [Int], unpinned: [Int])>(([], [], []))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let during = CPUAffinity.whilePinned(to: allowed.count + 1, of: allowed) { CPUAffinity.allowedCPUs() }
            let unpinned = CPUAffinity.whilePinned(to: 0, of: []) { CPUAffinity.allowedCPUs() }
            seen.withLock { $0 = (during, CPUAffinity.allowedCPUs(), unpinned) }
            done.signal()
        }
        thread.start()
        done.wait()
        let (during, after, unpinned) = seen.withLock { $0 }
        #expect(during == [allowed[(allowed.count + 1) % allowed.count]])
        #expect(after == allowed)
        #expect(unpinned == allowed)
    }
    #endif
}
