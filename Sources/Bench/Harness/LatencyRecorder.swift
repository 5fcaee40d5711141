/// One worker's latency histograms: the warm-up phase, and one set per 1-second interval of the
/// measured phase (created as the run reaches them).
struct LatencyRecorder: Sendable {
    /// The three kinds of one phase or interval: response time, service time, start lag.
    struct Set: Sendable {
        /// `done - intended`.
        var response = HDRHistogram()
        /// `done - send`.
        var service = HDRHistogram()
        /// `send - intended` (open loop only).
        var startLag = HDRHistogram()
        /// Requests recorded.
        var requests = 0

        /// Adds `other`'s counts.
        mutating func add(_ other: Set) {
            response.add(other.response)
            service.add(other.service)
            startLag.add(other.startLag)
            requests += other.requests
        }

        /// By kind.
        var byKind: [LatencyKind: HDRHistogram] {
            [.responseTime: response, .serviceTime: service, .startLag: startLag]
        }
    }

    /// The warm-up phase.
    var warmup = Set()
    /// The measured phase, per second.
    var intervals: [Set] = []
    /// Whether start lag is recorded (open loop); closed loop records none.
    let recordsStartLag: Bool

    /// A recorder; `recordsStartLag` false for closed loop.
    init(recordsStartLag: Bool) {
        self.recordsStartLag = recordsStartLag
    }

    /// Records one request (nanoseconds) of the warm-up (`interval` nil) or of measured interval `interval`.
    @inline(__always)
    mutating func record(interval: Int?, response: UInt64, service: UInt64, startLag: UInt64) {
        if let interval {
            while intervals.count <= interval { intervals.append(Set()) }
            intervals[interval].response.record(response)
            intervals[interval].service.record(service)
            if recordsStartLag { intervals[interval].startLag.record(startLag) }
            intervals[interval].requests += 1
        } else {
            warmup.response.record(response)
            warmup.service.record(service)
            if recordsStartLag { warmup.startLag.record(startLag) }
            warmup.requests += 1
        }
    }
}
