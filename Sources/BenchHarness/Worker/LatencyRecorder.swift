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
    /// The histograms of one phase or interval.
    package struct Histograms: Sendable {
        /// `done - intended`.
        package var response = HDRHistogram()
        /// `done - send`.
        package var service = HDRHistogram()
        /// `send - intended` (open loop only).
        package var startLag = HDRHistogram()
        /// `done - parkedAt`, for the requests the engine parked on the upstream.
        package var upstreamWait = HDRHistogram()
        /// `done - intended` of the requests answered inline (no upstream wait).
        package var inline = HDRHistogram()
        /// `done - intended` of the requests the engine parked on the upstream.
        package var parked = HDRHistogram()
        /// Requests in flight, sampled at each send (`LoadWorker`'s definition).
        package var inFlight = HDRHistogram()
        /// Requests recorded.
        package var requests = 0
        /// Result codes of the requests recorded, by `ResultCode.harnessIndex` (measured intervals only).
        package var codes = [Int](repeating: 0, count: ResultCode.harnessCount)

        /// An empty set.
        package init() {}

        /// Records one request (nanoseconds); `startLag` nil where it is not recorded. The
        /// response time also goes to its path's histogram, `parked` or `inline`.
        @inline(__always)
        mutating func record(response: UInt64, service: UInt64, startLag: UInt64?, upstreamWait: UInt64?) {
            self.response.record(response)
            self.service.record(service)
            if let startLag { self.startLag.record(startLag) }
            if let upstreamWait {
                self.upstreamWait.record(upstreamWait)
                parked.record(response)
            } else {
                inline.record(response)
            }
            requests += 1
        }

        /// A set of these histograms.
        package init(
            response: HDRHistogram,
            service: HDRHistogram,
            startLag: HDRHistogram,
            upstreamWait: HDRHistogram,
            inline: HDRHistogram = HDRHistogram(),
            parked: HDRHistogram = HDRHistogram(),
            inFlight: HDRHistogram,
            requests: Int
        ) {
            self.response = response
            self.service = service
            self.startLag = startLag
            self.upstreamWait = upstreamWait
            self.inline = inline
            self.parked = parked
            self.inFlight = inFlight
            self.requests = requests
        }

        /// Adds `other`'s counts.
        package mutating func add(_ other: Histograms) {
            response.add(other.response)
            service.add(other.service)
            startLag.add(other.startLag)
            upstreamWait.add(other.upstreamWait)
            inline.add(other.inline)
            parked.add(other.parked)
            inFlight.add(other.inFlight)
            requests += other.requests
            for index in codes.indices { codes[index] += other.codes[index] }
        }

        /// Clears every count, keeping the allocations.
        package mutating func reset() {
            response.reset()
            service.reset()
            startLag.reset()
            upstreamWait.reset()
            inline.reset()
            parked.reset()
            inFlight.reset()
            requests = 0
            for index in codes.indices { codes[index] = 0 }
        }

        /// The latency histograms by kind.
        package var byKind: [LatencyKind: HDRHistogram] {
            [
                .responseTime: response, .serviceTime: service, .startLag: startLag, .upstreamWait: upstreamWait,
                .inline: inline, .parked: parked,
            ]
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

    /// A recorder; `recordsStartLag` false for closed loop.
    package init(recordsStartLag: Bool) {
        self.recordsStartLag = recordsStartLag
    }

    /// Records one request (nanoseconds) of the warm-up (`interval` nil) or of the measured
    /// interval being recorded (the owner moves to the request's interval first, ``advance(to:)``);
    /// `upstreamWait` for a request the engine parked (nil: answered inline). The response time
    /// also goes to its path's histogram, `parked` or `inline`.
    @inline(__always)
    package mutating func record(
        interval: Int?,
        response: UInt64,
        service: UInt64,
        startLag: UInt64,
        upstreamWait: UInt64? = nil
    ) {
        let startLag = recordsStartLag ? startLag : nil
        if interval != nil {
            current.record(response: response, service: service, startLag: startLag, upstreamWait: upstreamWait)
        } else {
            warmup.record(response: response, service: service, startLag: startLag, upstreamWait: upstreamWait)
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
