import AuthZCore
import Dispatch
import Foundation
import Synchronization

/// Runs delayed work (the simulated upstream's answers) from a few Dispatch timers, in batches.
///
/// `asyncAfter` creates, arms and releases a timer source and wakes a thread for every call: at
/// tens of thousands of answers a second that costs the simulation a good part of a core, which
/// the code under test then lacks. Here each of a few lanes (one per core, each a serial queue with
/// one timer source and a deadline heap) wakes at most once per ``tickNanos`` and runs everything
/// due, so an answer comes at most one tick after its time, never before. Delays shorter than
/// ``exactBelowNanos`` still go through `asyncAfter`, where a tick would be a large share of them.
///
/// The work of a lane (the backend signs its authZ tokens there) runs on that lane's serial queue;
/// the lanes run in parallel.
package final class AnswerTimers: Sendable {
    /// A lane wakes at most once per tick (1 ms): the most an answer is late, beyond Dispatch's own.
    package static let tickNanos: UInt64 = 1_000_000
    /// Delays below this (16 ms, so that a tick is at most 1/16 of a batched delay) are timed one by one.
    package static let exactBelowNanos: UInt64 = 16_000_000

    /// The process's timers: every simulated backend answers through them (a process runs one
    /// load at a time, and a lane's work carries its own backend).
    package static let shared = AnswerTimers()

    private let lanes: [Lane]
    private let turn = Atomic<UInt64>(0)

    /// Timers over `lanes` lanes (by default one per active core, at most 8).
    package init(lanes: Int = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)) {
        self.lanes = (0..<max(lanes, 1)).map { Lane(label: "authz-bench.upstream-answers.\($0)") }
    }

    /// Runs `work` `delayNanos` from now, on a Dispatch thread.
    package func run(afterNanos delayNanos: UInt64, _ work: @escaping @Sendable () -> Void) {
        if delayNanos < Self.exactBelowNanos {
            return DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delayNanos)), execute: work)
        }
        let lane = lanes[Int(turn.add(1, ordering: .relaxed).oldValue % UInt64(lanes.count))]
        lane.schedule(due: DispatchTime.now().uptimeNanoseconds &+ delayNanos, work)
    }

    /// One serial queue, its timer source and the work waiting on it, earliest first.
    private final class Lane: @unchecked Sendable {
        // @unchecked: `heap`, `armedFor` and `lastFire` are only touched under `lock`. NSLock rather
        // than Mutex so that ThreadSanitizer sees the synchronisation (see `Locked`).
        private let lock = NSLock()
        private let source: any DispatchSourceTimer
        private var heap = DeadlineHeap()
        /// The deadline the source is armed for; nil when nothing waits.
        private var armedFor: UInt64?
        /// When the lane last ran its due work (Dispatch uptime nanoseconds).
        private var lastFire: UInt64 = 0

        init(label: String) {
            source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: label))
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
        }

        deinit { source.cancel() }

        /// Adds `work` due at `due`; arms the source earlier if it must (not before a tick has
        /// passed since the last run).
        func schedule(due: UInt64, _ work: @escaping @Sendable () -> Void) {
            lock.lock()
            defer { lock.unlock() }
            heap.insert(due: due, work)
            let at = max(due, lastFire &+ AnswerTimers.tickNanos)
            if armedFor.map({ at < $0 }) ?? true { arm(at) }
        }

        /// Runs everything due, then arms for the next deadline (at least a tick later).
        private func fire() {
            let now = DispatchTime.now().uptimeNanoseconds
            var due: [@Sendable () -> Void] = []
            lock.lock()
            lastFire = now
            while let first = heap.firstDue, first <= now { due.append(heap.removeFirst()) }
            if let next = heap.firstDue { arm(max(next, now &+ AnswerTimers.tickNanos)) } else { armedFor = nil }
            lock.unlock()
            for work in due { work() }
        }

        private func arm(_ at: UInt64) {
            armedFor = at
            source.schedule(deadline: DispatchTime(uptimeNanoseconds: at))
        }
    }
}

/// A binary min-heap of work by deadline (an `AnswerTimers` lane's queue).
package struct DeadlineHeap {
    private var entries: [(due: UInt64, work: @Sendable () -> Void)] = []

    /// An empty heap.
    package init() {}

    /// The earliest deadline, if any.
    package var firstDue: UInt64? { entries.first?.due }

    /// How many works wait.
    package var count: Int { entries.count }

    /// Adds `work` due at `due`.
    package mutating func insert(due: UInt64, _ work: @escaping @Sendable () -> Void) {
        entries.append((due, work))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].due < entries[parent].due else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest work (the heap must not be empty).
    package mutating func removeFirst() -> @Sendable () -> Void {
        let first = entries[0].work
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let child = right < entries.count && entries[right].due < entries[left].due ? right : left
            guard entries[child].due < entries[parent].due else { break }
            entries.swapAt(child, parent)
            parent = child
        }
        return first
    }
}
