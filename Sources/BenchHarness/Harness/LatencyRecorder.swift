import HDRHistogram

/// One worker's latency histograms: the warm-up phase, and one set per 1-second interval of the
/// measured phase (created as the run reaches them).
///
/// Only the interval being recorded is kept as full histograms; a completed one is packed
/// (`PackedHistogram`), so the recorder's memory grows by a few KB per second, not by 810 KB.
/// Intervals are reached in order (a worker's intended start times never go back).
package struct LatencyRecorder: Sendable {
    /// The three kinds of one phase or interval: response time, service time, start lag.
    package struct Set: Sendable {
        /// `done - intended`.
        package var response = HDRHistogram()
        /// `done - send`.
        package var service = HDRHistogram()
        /// `send - intended` (open loop only).
        package var startLag = HDRHistogram()
        /// Requests recorded.
        package var requests = 0

        /// Adds `other`'s counts.
        package mutating func add(_ other: Set) {
            response.add(other.response)
            service.add(other.service)
            startLag.add(other.startLag)
            requests += other.requests
        }

        /// Clears every count, keeping the allocations.
        package mutating func reset() {
            response.reset()
            service.reset()
            startLag.reset()
            requests = 0
        }

        /// By kind.
        package var byKind: [LatencyKind: HDRHistogram] {
            [.responseTime: response, .serviceTime: service, .startLag: startLag]
        }
    }

    /// A completed interval, packed.
    package struct PackedSet: Sendable {
        /// `done - intended`.
        package var response: PackedHistogram
        /// `done - send`.
        package var service: PackedHistogram
        /// `send - intended`.
        package var startLag: PackedHistogram
        /// Requests recorded.
        package var requests: Int

        /// Packs `set`.
        package init(_ set: Set) {
            response = PackedHistogram(set.response)
            service = PackedHistogram(set.service)
            startLag = PackedHistogram(set.startLag)
            requests = set.requests
        }

        /// The set, unpacked.
        package var unpacked: Set {
            Set(response: response.histogram, service: service.histogram, startLag: startLag.histogram, requests: requests)
        }
    }

    /// The warm-up phase.
    package var warmup = Set()
    /// Completed measured intervals, packed; entry `i` is second `i`.
    package private(set) var completed: [PackedSet] = []
    /// The interval being recorded: second `currentIndex` (-1 before the measured phase).
    package private(set) var current = Set()
    package private(set) var currentIndex = -1
    /// Whether start lag is recorded (open loop); closed loop records none.
    package let recordsStartLag: Bool

    /// A recorder; `recordsStartLag` false for closed loop.
    package init(recordsStartLag: Bool) {
        self.recordsStartLag = recordsStartLag
    }

    /// The number of measured intervals reached so far.
    package var intervalCount: Int { currentIndex + 1 }

    /// Measured interval `index` (< `intervalCount`), unpacked when completed.
    package func interval(_ index: Int) -> Set {
        index == currentIndex ? current : completed[index].unpacked
    }

    /// Records one request (nanoseconds) of the warm-up (`interval` nil) or of measured interval `interval`.
    @inline(__always)
    package mutating func record(interval: Int?, response: UInt64, service: UInt64, startLag: UInt64) {
        if let interval {
            if interval > currentIndex { advance(to: interval) }
            current.response.record(response)
            current.service.record(service)
            if recordsStartLag { current.startLag.record(startLag) }
            current.requests += 1
        } else {
            warmup.response.record(response)
            warmup.service.record(service)
            if recordsStartLag { warmup.startLag.record(startLag) }
            warmup.requests += 1
        }
    }

    /// Packs the current interval (and any empty seconds skipped) and starts interval `index`.
    @inline(never)
    package mutating func advance(to index: Int) {
        if currentIndex >= 0 {
            keepPacked(current)
            current.reset()
        }
        while completed.count < index { keepPacked(current) }
        currentIndex = index
    }

    /// Appends `set`, packed, to the completed intervals, and counts its bytes (``IntervalStorage``).
    private mutating func keepPacked(_ set: Set) {
        let packed = PackedSet(set)
        IntervalStorage.count(packed)
        completed.append(packed)
    }
}
