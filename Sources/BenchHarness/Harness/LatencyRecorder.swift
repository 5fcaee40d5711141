import HDRHistogram

/// One worker's histograms: the warm-up phase, and one set per 1-second interval of the measured
/// phase (created as the run reaches them).
///
/// Only the interval being recorded is kept as full histograms; a completed one is packed
/// (`PackedHistogram`), so the recorder's memory grows by a few KB per second, not by megabytes.
/// A request is recorded in the interval of its completion (`done`, as an HdrHistogram interval
/// log means it); a completion handed to the worker just after it moved on to the next interval
/// is recorded in the interval being recorded, so intervals are only ever reached in order. The
/// last interval also holds the measured requests that completed after the measured phase.
package struct LatencyRecorder: Sendable {
    /// The histograms of one phase or interval.
    package struct Set: Sendable {
        /// `done - intended`.
        package var response = HDRHistogram()
        /// `done - send`.
        package var service = HDRHistogram()
        /// `send - intended` (open loop only).
        package var startLag = HDRHistogram()
        /// `done - parkedAt`, for the requests the engine parked on the upstream.
        package var upstreamWait = HDRHistogram()
        /// Requests in flight, sampled at each send (`LoadWorker`'s definition).
        package var inFlight = HDRHistogram()
        /// Requests recorded.
        package var requests = 0

        /// An empty set.
        package init() {}

        /// A set of these histograms.
        package init(response: HDRHistogram, service: HDRHistogram, startLag: HDRHistogram,
            upstreamWait: HDRHistogram, inFlight: HDRHistogram, requests: Int)
        {
            self.response = response
            self.service = service
            self.startLag = startLag
            self.upstreamWait = upstreamWait
            self.inFlight = inFlight
            self.requests = requests
        }

        /// Adds `other`'s counts.
        package mutating func add(_ other: Set) {
            response.add(other.response)
            service.add(other.service)
            startLag.add(other.startLag)
            upstreamWait.add(other.upstreamWait)
            inFlight.add(other.inFlight)
            requests += other.requests
        }

        /// Clears every count, keeping the allocations.
        package mutating func reset() {
            response.reset()
            service.reset()
            startLag.reset()
            upstreamWait.reset()
            inFlight.reset()
            requests = 0
        }

        /// The latency histograms by kind.
        package var byKind: [LatencyKind: HDRHistogram] {
            [.responseTime: response, .serviceTime: service, .startLag: startLag, .upstreamWait: upstreamWait]
        }
    }

    /// A completed interval, packed.
    package struct PackedSet: Sendable {
        /// The histograms, in the order of `Set`'s properties.
        package var histograms: [PackedHistogram]
        /// Requests recorded.
        package var requests: Int

        /// Packs `set`.
        package init(_ set: Set) {
            histograms = [set.response, set.service, set.startLag, set.upstreamWait, set.inFlight].map(PackedHistogram.init)
            requests = set.requests
        }

        /// The set, unpacked.
        package var unpacked: Set {
            Set(response: histograms[0].histogram, service: histograms[1].histogram, startLag: histograms[2].histogram,
                upstreamWait: histograms[3].histogram, inFlight: histograms[4].histogram, requests: requests)
        }

        /// The bytes of the encodings.
        package var bytes: Int { histograms.reduce(0) { $0 + $1.bytes.count } }
    }

    /// The warm-up phase.
    package var warmup = Set()
    /// Completed measured intervals, packed; entry `i` is second `i`.
    package private(set) var completed: [PackedSet] = []
    /// The interval being recorded: second `currentIndex`.
    package private(set) var current = Set()
    /// The second being recorded (-1 before the measured phase).
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

    /// Records one request (nanoseconds) of the warm-up (`interval` nil) or of measured interval
    /// `interval` (or the interval being recorded, if that is later); `upstreamWait` for a request
    /// the engine parked.
    @inline(__always)
    package mutating func record(interval: Int?, response: UInt64, service: UInt64, startLag: UInt64,
        upstreamWait: UInt64? = nil)
    {
        if let interval {
            if interval > currentIndex { advance(to: interval) }
            current.response.record(response)
            current.service.record(service)
            if recordsStartLag { current.startLag.record(startLag) }
            if let upstreamWait { current.upstreamWait.record(upstreamWait) }
            current.requests += 1
        } else {
            warmup.response.record(response)
            warmup.service.record(service)
            if recordsStartLag { warmup.startLag.record(startLag) }
            if let upstreamWait { warmup.upstreamWait.record(upstreamWait) }
            warmup.requests += 1
        }
    }

    /// Records the requests in flight at a send of measured interval `interval` (or the interval
    /// being recorded, if that is later).
    @inline(__always)
    package mutating func recordInFlight(interval: Int, _ value: Int) {
        if interval > currentIndex { advance(to: interval) }
        current.inFlight.record(UInt64(value))
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
