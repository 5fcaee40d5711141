import AuthZCore
import AuthZSimulation
import BenchHarness
import HDRHistogram
import Testing

/// A sink that keeps what it received, in order.
final class RecordingSink: IntervalSink {
    struct Received: Sendable {
        var opened = 0
        var begun: [Int64] = []
        var intervals: [IntervalReport] = []
        var ends: [String] = []
        var closed = 0
    }

    let received = Locked(Received())

    func open() throws(BenchError) { received.withLock { $0.opened += 1 } }
    func begin(startEpochMillis: Int64) { received.withLock { $0.begun.append(startEpochMillis) } }
    func write(_ interval: IntervalReport) { received.withLock { $0.intervals.append(interval) } }
    func end(intervals: Int, requests: Int) { received.withLock { $0.ends.append("\(intervals) \(requests)") } }
    func close() throws(BenchError) { received.withLock { $0.closed += 1 } }
}

@Suite("Interval collector: merges by index, finalises once every worker moved past")
struct IntervalCollectorTests {
    /// Worker `worker`'s set for interval `index`: `worker + 1` requests per interval plus the
    /// index, values that tell worker and interval apart, one code each.
    static func set(worker: Int, index: Int) -> LatencyRecorder.Histograms {
        var set = LatencyRecorder.Histograms()
        for request in 0..<(worker + 1 + index) {
            set.record(
                operation: request % 2 == 0 ? .check : .get,
                response: UInt64(1_000 * (worker + 1) + request),
                service: UInt64(500 + request),
                startLag: nil,
                upstreamWait: nil
            )
            set.inFlight.record(UInt64(worker + 1))
            set.codes[(worker + request) % ResultCode.harnessCount] += 1
        }
        return set
    }

    /// Three workers hand over `intervals` intervals; `order` says which worker moves next at each
    /// step (each worker hands its intervals in order, the workers interleave as `order` says);
    /// worker 2 finishes after `2 * intervals / 3` of them.
    static func drive(intervals: Int, order: [Int]) -> (IntervalCollector, RecordingSink) {
        let sink = RecordingSink()
        let collector = IntervalCollector(workers: 3, durationSeconds: Double(intervals) - 0.5, sink: sink)
        let stops = [intervals, intervals, 2 * intervals / 3]
        var position = [-1, -1, -1]
        var step = 0
        while position.enumerated().contains(where: { $0.element < stops[$0.offset] }) {
            let worker = order[step % order.count]
            step += 1
            guard position[worker] < stops[worker] else { continue }
            let index = position[worker]
            let next = index + 1 < stops[worker] ? index + 1 : Int.max
            collector.handOver(
                worker: worker,
                index: index,
                index >= 0 ? set(worker: worker, index: index) : nil,
                next: next
            )
            position[worker] = next == Int.max ? stops[worker] : next
        }
        return (collector, sink)
    }

    @Test(
        "Every index exactly once, in order, merged counts equal the sum",
        arguments: [[0, 1, 2], [2, 1, 0], [1, 1, 0, 2, 2, 2, 0]]
    )
    func everyIndexOnceInOrder(order: [Int]) throws {
        let intervals = 9
        let (collector, sink) = Self.drive(intervals: intervals, order: order)
        let collected = collector.drain()
        let received = sink.received.withLock { $0.intervals }
        #expect(received.map(\.index) == Array(0..<intervals))
        for report in received {
            var expected = LatencyRecorder.Histograms()
            for worker in 0..<3 where worker < 2 || report.index < 2 * intervals / 3 {
                expected.add(Self.set(worker: worker, index: report.index))
            }
            #expect(report.requests == expected.requests)
            #expect(report.response == expected.response)
            #expect(report.inFlight == expected.inFlight)
            #expect(report.codes.values.reduce(0, +) == expected.requests)
            #expect(report.startSeconds == Double(report.index))
        }
        // The last interval is what remains of the measured phase.
        #expect(received.last?.lengthSeconds == 0.5)
        #expect(collected.summaries == received.map(IntervalSummary.init))
        #expect(collected.total.requests == received.map(\.requests).reduce(0, +))
        #expect(collected.total.response.totalCount == UInt64(collected.total.requests))
        #expect(collector.heldSets == 0)
    }

    @Test("An interval waits for the slowest worker, and is written once it moves past")
    func waitsForTheSlowestWorker() {
        let sink = RecordingSink()
        let collector = IntervalCollector(workers: 2, durationSeconds: 10, sink: sink)
        collector.handOver(worker: 0, index: -1, nil, next: 0)
        collector.handOver(worker: 0, index: 0, Self.set(worker: 0, index: 0), next: 3)
        #expect(collector.drain().summaries.isEmpty)
        collector.handOver(worker: 1, index: -1, nil, next: 1)
        #expect(collector.drain().summaries.map(\.startSeconds) == [0])
        collector.handOver(worker: 1, index: 1, Self.set(worker: 1, index: 1), next: Int.max)
        // Worker 0 records interval 3 now: 1 and 2 are done (2 empty), 3 waits.
        #expect(collector.drain().summaries.count == 3)
        #expect(sink.received.withLock { $0.intervals.map(\.index) } == [0, 1, 2])
        #expect(sink.received.withLock { $0.intervals[2].requests } == 0)
        collector.handOver(worker: 0, index: 3, Self.set(worker: 0, index: 3), next: Int.max)
        #expect(collector.drain().summaries.count == 4)
    }

    @Test("Memory held does not grow with the number of intervals", arguments: [12, 48])
    func heldSetsIndependentOfLength(intervals: Int) {
        let (collector, _) = Self.drive(intervals: intervals, order: [0, 1, 2])
        let collected = collector.drain()
        #expect(collected.summaries.count == intervals)
        // Lock-step workers: at most the interval being handed over is ever held, however long the run.
        #expect(collector.mostHeldSets == 1)
        #expect(collector.heldSets == 0)
    }
}
