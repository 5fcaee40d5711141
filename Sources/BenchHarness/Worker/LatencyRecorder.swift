import AuthZCore
import HDRHistogram

/// One worker's histograms: the warm-up phase, and the 1-second interval of the measured phase
/// being recorded.
///
/// Only the interval being recorded is kept: when the worker moves on, it hands the completed one
/// over to the run (``RunControl/handOver(worker:index:_:next:)``), which merges it with the other
/// workers', writes it and keeps a summary, so the recorder's memory does not grow with the run.
/// A request is recorded in the interval of its completion (`done`, as an HdrHistogram interval
/// log means it); a completion handed to the worker just after it moved on to the next interval
/// is recorded in the interval being recorded, so intervals are only ever reached in order. The
/// last interval also holds the measured requests that completed after the measured phase.
package struct LatencyRecorder: Sendable {
    /// The histograms of one phase or interval: per operation what a request records by its
    /// operation (``OperationHistograms``), and the histograms that are not kept per operation.
    ///
    /// The totals over all operations (`response`, `service`, `inline`, `parked`) are sums of the
    /// operations' histograms, made when read (at an interval's hand-over and the result's
    /// assembly), never recorded per request.
    package struct Histograms: Sendable {
        /// Per ``OperationLabel`` (by `rawValue`): nil for an operation not recorded.
        package var operations = [OperationHistograms?](repeating: nil, count: OperationLabel.count)
        /// `send - intended` (open loop only).
        package var startLag = HDRHistogram()
        /// `done - parkedAt`, for the requests the engine parked on the upstream.
        package var upstreamWait = HDRHistogram()
        /// Requests in flight, sampled at each send (`LoadWorker`'s definition).
        package var inFlight = HDRHistogram()
        /// Requests recorded.
        package var requests = 0
        /// Result codes of the requests recorded, by `ResultCode.harnessIndex` (measured intervals only).
        package var codes = [Int](repeating: 0, count: ResultCode.harnessCount)

        /// An empty set, with no operation's histograms allocated.
        package init() {}

        /// An empty set with the histograms of `operations` allocated (a worker's: those its mix
        /// sends, so that recording never allocates).
        package init(operations labels: [OperationLabel]) {
            for label in labels { operations[label.rawValue] = OperationHistograms() }
        }

        /// Records one request (nanoseconds) of `operation`; `startLag` nil where it is not
        /// recorded. The response time goes to its path's histogram of the operation, `parked`
        /// or `inline`.
        @inline(__always)
        package mutating func record(
            operation: OperationLabel,
            response: UInt64,
            service: UInt64,
            startLag: UInt64?,
            upstreamWait: UInt64?
        ) {
            let slot = operation.rawValue
            if operations[slot] == nil { operations[slot] = OperationHistograms() }
            operations[slot]!.record(response: response, service: service, parked: upstreamWait != nil)
            if let startLag { self.startLag.record(startLag) }
            if let upstreamWait { self.upstreamWait.record(upstreamWait) }
            requests += 1
        }

        /// Adds `other`'s counts (allocating the operations `other` has and this set lacks).
        package mutating func add(_ other: Histograms) {
            for slot in other.operations.indices {
                guard let theirs = other.operations[slot] else { continue }
                if operations[slot] == nil {
                    operations[slot] = theirs
                } else {
                    operations[slot]!.add(theirs)
                }
            }
            startLag.add(other.startLag)
            upstreamWait.add(other.upstreamWait)
            inFlight.add(other.inFlight)
            requests += other.requests
            for index in codes.indices { codes[index] += other.codes[index] }
        }

        /// Clears every count, keeping the allocations.
        package mutating func reset() {
            for slot in operations.indices where operations[slot] != nil { operations[slot]!.reset() }
            startLag.reset()
            upstreamWait.reset()
            inFlight.reset()
            requests = 0
            for index in codes.indices { codes[index] = 0 }
        }

        /// The histograms of `operation` (nil when not recorded).
        package subscript(operation: OperationLabel) -> OperationHistograms? { operations[operation.rawValue] }

        /// The operations with at least one request, with their histograms, in `OperationLabel` order.
        package var recordedOperations: [(label: OperationLabel, histograms: OperationHistograms)] {
            OperationLabel.allCases.compactMap { label in
                operations[label.rawValue].flatMap { $0.requests > 0 ? (label, $0) : nil }
            }
        }

        /// The sum over operations of `kind` (one of `OperationLabel.kinds`).
        private func total(_ kind: LatencyKind) -> HDRHistogram {
            var sum = HDRHistogram()
            for case let operation? in operations {
                switch kind {
                case .inline: sum.add(operation.inline)
                case .parked: sum.add(operation.parked)
                case .serviceTime: sum.add(operation.service)
                default:
                    sum.add(operation.inline)
                    sum.add(operation.parked)
                }
            }
            return sum
        }

        /// `done - intended` of every request: the operations' `inline` and `parked` added.
        package var response: HDRHistogram { total(.responseTime) }
        /// `done - send` of every request.
        package var service: HDRHistogram { total(.serviceTime) }
        /// `done - intended` of the requests answered inline.
        package var inline: HDRHistogram { total(.inline) }
        /// `done - intended` of the requests the engine parked on the upstream.
        package var parked: HDRHistogram { total(.parked) }

        /// The latency histograms by kind, the totals over operations.
        package var byKind: [LatencyKind: HDRHistogram] {
            [
                .responseTime: response, .serviceTime: service, .startLag: startLag, .upstreamWait: upstreamWait,
                .inline: inline, .parked: parked,
            ]
        }

        /// The per-operation histograms by kind, of the operations with requests.
        package var byOperation: [OperationLabel: [LatencyKind: HDRHistogram]] {
            var result: [OperationLabel: [LatencyKind: HDRHistogram]] = [:]
            for (label, histograms) in recordedOperations { result[label] = histograms.byKind }
            return result
        }
    }

    /// The warm-up phase.
    package var warmup = Histograms()
    /// The interval being recorded: second `currentIndex`.
    package private(set) var current = Histograms()
    /// The second being recorded (-1 before the measured phase).
    package private(set) var currentIndex = -1
    /// Whether start lag is recorded (open loop); closed loop records none.
    package let recordsStartLag: Bool

    /// A recorder with the histograms of `operations` allocated (those the worker's mix sends;
    /// another is allocated at its first request); `recordsStartLag` false for closed loop.
    package init(recordsStartLag: Bool, operations: [OperationLabel] = []) {
        self.recordsStartLag = recordsStartLag
        warmup = Histograms(operations: operations)
        current = Histograms(operations: operations)
    }

    /// Records one request (nanoseconds) of `operation` in the warm-up (`interval` nil) or in the
    /// measured interval being recorded (the owner moves to the request's interval first,
    /// ``advance(to:)``); `upstreamWait` for a request the engine parked (nil: answered inline).
    /// The response time goes to the operation's histogram of its path, `parked` or `inline`.
    @inline(__always)
    package mutating func record(
        operation: OperationLabel,
        interval: Int?,
        response: UInt64,
        service: UInt64,
        startLag: UInt64,
        upstreamWait: UInt64? = nil
    ) {
        let startLag = recordsStartLag ? startLag : nil
        if interval != nil {
            current.record(
                operation: operation,
                response: response,
                service: service,
                startLag: startLag,
                upstreamWait: upstreamWait
            )
        } else {
            warmup.record(
                operation: operation,
                response: response,
                service: service,
                startLag: startLag,
                upstreamWait: upstreamWait
            )
        }
    }

    /// Counts the result code (`ResultCode.harnessIndex`) of a measured request of the interval being recorded.
    @inline(__always)
    package mutating func count(code: Int) {
        current.codes[code] += 1
    }

    /// Records the requests in flight at a measured send of the interval being recorded.
    @inline(__always)
    package mutating func recordInFlight(_ value: Int) {
        current.inFlight.record(UInt64(value))
    }

    /// Starts interval `index` (> `currentIndex`) with empty histograms (their allocations kept):
    /// the owner has handed the completed one over first.
    package mutating func advance(to index: Int) {
        if currentIndex >= 0 { current.reset() }
        currentIndex = index
    }
}

/// A stage observer that records each stage's duration into its own HDR histogram (one observer per
/// worker; merge with `add` afterwards).
package struct StageHistograms: StageObserver, Sendable {
    package static var isEnabled: Bool { true }
    /// Per stage, indexed by `Stage.rawValue`.
    package var histograms: [HDRHistogram] = Stage.allCases.map { _ in HDRHistogram() }

    package mutating func record(_ stage: Stage, nanoseconds: UInt64) {
        histograms[stage.rawValue].record(nanoseconds)
    }

    /// Adds `other`'s counts.
    package mutating func add(_ other: StageHistograms) {
        for index in histograms.indices { histograms[index].add(other.histograms[index]) }
    }

    /// The non-empty histograms by stage.
    package var byStage: [Stage: HDRHistogram] {
        var result: [Stage: HDRHistogram] = [:]
        for stage in Stage.allCases where histograms[stage.rawValue].totalCount > 0 {
            result[stage] = histograms[stage.rawValue]
        }
        return result
    }
}
