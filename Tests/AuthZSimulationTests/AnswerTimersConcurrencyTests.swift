import AuthZCore
import AuthZSimulation
import Dispatch
import Testing

/// The simulated upstream's timers: every answer runs once, never before its time, earliest first.
@Suite("Answer timers: batched Dispatch timers for the simulated upstream, from concurrent threads")
struct AnswerTimersConcurrencyTests {
    @Test func theHeapGivesWorkBackEarliestFirst() {
        var generator = SeededGenerator(seed: 5)
        let dues = (0..<2_000).map { _ in UInt64(generator.below(500)) }
        let ran = Locked<[UInt64]>([])
        var heap = DeadlineHeap()
        for due in dues { heap.insert(due: due) { ran.withLock { $0.append(due) } } }
        #expect(heap.count == dues.count && heap.firstDue == dues.min())
        while heap.count > 0 { heap.removeFirst()() }
        #expect(ran.withLock { $0 } == dues.sorted())
        #expect(heap.firstDue == nil)
    }

    @Test(arguments: [1, 3])
    func everyWorkRunsOnceAndNeverBeforeItsTime(lanes: Int) {
        let timers = AnswerTimers(lanes: lanes)
        let count = 3_000
        // Delays on both sides of the batching threshold.
        let longest = 3 * AnswerTimers.exactBelowNanos
        let runs = Locked<[Int]>(Array(repeating: 0, count: count))
        let early = Locked<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<count { group.enter() }
        DispatchQueue.concurrentPerform(iterations: 4) { part in
            var generator = SeededGenerator(seed: 9, stream: UInt64(part))
            for index in stride(from: part, to: count, by: 4) {
                let delay = UInt64(generator.below(Int(longest)))
                let due = DispatchTime.now().uptimeNanoseconds + delay
                timers.run(afterNanos: delay) {
                    if DispatchTime.now().uptimeNanoseconds < due { early.withLock { $0.append(index) } }
                    runs.withLock { $0[index] += 1 }
                    group.leave()
                }
            }
        }
        #expect(group.wait(timeout: .now() + .seconds(60)) == .success)
        #expect(runs.withLock { $0 }.allSatisfy { $0 == 1 })
        #expect(early.withLock { $0 }.isEmpty)
    }
}
