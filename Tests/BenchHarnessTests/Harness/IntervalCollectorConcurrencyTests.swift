import AuthZCore
import BenchHarness
import Dispatch
import Testing

/// The collector as a run uses it: every worker hands over its intervals from its own thread, at
/// its own pace. Also run under ThreadSanitizer (the suite name matches `make test`'s filter).
@Suite("Interval collector: concurrent hand-overs")
struct IntervalCollectorConcurrencyTests {
    @Test("Workers on their own threads: every interval written once, in order, nothing lost")
    func concurrentHandOvers() {
        let workers = 4
        let intervals = 40
        let sink = RecordingSink()
        let collector = IntervalCollector(workers: workers, durationSeconds: Double(intervals), sink: sink)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            collector.handOver(worker: worker, index: -1, nil, next: 0)
            for index in 0..<intervals {
                let next = index + 1 < intervals ? index + 1 : Int.max
                collector.handOver(
                    worker: worker,
                    index: index,
                    IntervalCollectorTests.set(worker: worker, index: index),
                    next: next
                )
            }
        }
        let collected = collector.drain()
        let received = sink.received.withLock { $0.intervals }
        #expect(received.map(\.index) == Array(0..<intervals))
        var expected = 0
        for worker in 0..<workers {
            for index in 0..<intervals { expected += IntervalCollectorTests.set(worker: worker, index: index).requests }
        }
        #expect(collected.total.requests == expected)
        #expect(received.map(\.requests).reduce(0, +) == expected)
        #expect(collector.heldSets == 0)
    }
}
