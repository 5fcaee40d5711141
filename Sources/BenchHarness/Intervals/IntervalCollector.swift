import AuthZCore
import AuthZSimulation
import Dispatch

/// Merges the workers' completed intervals by index and finalises each one as soon as every worker
/// has moved past it (or finished): written through the sink, shown to the live observer, added
/// to the run's totals and kept as an ``IntervalSummary``, then dropped.
///
/// Memory is flat by design: a merged set is held only while some worker still records its
/// interval, so ``heldSets`` does not grow with the run. A worker moves on when it next sends or
/// records a request, so the lag (and the sets held) is bounded by the longest gap between a
/// worker's requests: about a second at usual rates, up to `threads / rate` seconds at very low
/// open-loop rates, or the upstream timeout in a closed loop whose sessions are all parked.
/// Workers hand over under
/// a lock (one merge per worker per second); the sink and the observer run on one serial queue,
/// in interval order, off the workers' threads.
package final class IntervalCollector: Sendable {
    /// What the collector finalised: the run's measured totals and one summary per interval.
    package struct Collected: Sendable {
        /// Every finalised interval, added: the measured phase's histograms.
        package var total = LatencyRecorder.Histograms()
        /// One summary per interval, in order.
        package var summaries: [IntervalSummary] = []
    }

    private struct State: Sendable {
        /// Merged sets of the intervals not finalised yet, by index.
        var pending: [Int: LatencyRecorder.Histograms] = [:]
        /// Per worker: every index below has been handed over (`Int.max` once finished).
        var positions: [Int]
        /// One past the highest interval any worker reached.
        var reached = 0
        /// The next interval to finalise.
        var next = 0
        /// The most merged sets held at once.
        var mostHeld = 0
    }

    private let state: Locked<State>
    private let collected = Locked(Collected())
    private let queue = DispatchQueue(label: "authz-bench-intervals")
    private let durationSeconds: Double
    private let sink: (any IntervalSink)?
    private let observer: (@Sendable (IntervalReport) -> Void)?
    private let gauge: InFlightGauge?

    /// A collector for `workers` workers of a measured phase `durationSeconds` long (the last
    /// interval's length is what remains); finalised intervals go to `sink` and `observer`, with
    /// the requests parked at that time read from `gauge`.
    package init(
        workers: Int,
        durationSeconds: Double,
        sink: (any IntervalSink)? = nil,
        observer: (@Sendable (IntervalReport) -> Void)? = nil,
        gauge: InFlightGauge? = nil
    ) {
        state = Locked(State(positions: Array(repeating: 0, count: workers)))
        self.durationSeconds = durationSeconds
        self.sink = sink
        self.observer = observer
        self.gauge = gauge
    }

    /// Worker `worker` hands over its completed interval `index` (nil: it recorded nothing there)
    /// and moves to interval `next` (> `index`; `Int.max` when it finished): it hands nothing
    /// below `next` again.
    package func handOver(worker: Int, index: Int, _ set: LatencyRecorder.Histograms?, next: Int) {
        state.withLock { state in
            if let set, index >= state.next {
                if state.pending[index] == nil { state.pending[index] = LatencyRecorder.Histograms() }
                state.pending[index]!.add(set)
                state.mostHeld = max(state.mostHeld, state.pending.count)
            }
            if index >= 0 { state.reached = max(state.reached, index + 1) }
            if next != Int.max { state.reached = max(state.reached, next + 1) }
            state.positions[worker] = max(state.positions[worker], next)
            let limit = min(state.positions.min() ?? Int.max, state.reached)
            while state.next < limit {
                let index = state.next
                let merged = state.pending.removeValue(forKey: index) ?? LatencyRecorder.Histograms()
                state.next += 1
                // Enqueued under the lock: the queue receives the intervals in order.
                queue.async { [self] in finalise(index: index, merged) }
            }
        }
    }

    /// Writes, shows and keeps one finalised interval (on the queue).
    private func finalise(index: Int, _ set: LatencyRecorder.Histograms) {
        let length = min(1, durationSeconds - Double(index))
        let report = IntervalReport(
            index: index,
            lengthSeconds: length > 0 ? length : 1,
            set: set,
            parked: gauge?.parked ?? 0
        )
        sink?.write(report)
        observer?(report)
        collected.withLock { collected in
            collected.total.add(set)
            collected.summaries.append(IntervalSummary(report))
        }
    }

    /// Merged sets held now (intervals some worker still records).
    package var heldSets: Int { state.withLock { $0.pending.count } }

    /// The most merged sets held at once during the run.
    package var mostHeldSets: Int { state.withLock { $0.mostHeld } }

    /// Waits until every interval finalised so far is written, then returns what was collected
    /// (after every worker finished: the whole run).
    package func drain() -> Collected {
        queue.sync {}
        return collected.withLock { $0 }
    }
}
