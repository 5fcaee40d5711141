import HDRHistogram

/// The histograms of one operation (``OperationLabel``) in one phase or interval: what a request
/// records into, by its operation, on the hot path.
///
/// Only what cannot be derived is recorded: the response time goes to its path's histogram
/// (`inline` or `parked`), and the operation's `responseTime` is their sum, made when asked. The
/// run's totals over all operations are sums of these, made when an interval is handed over or
/// the result assembled, so a request costs an index more than it did without them.
package struct OperationHistograms: Sendable, Equatable {
    /// `done - intended` of the requests answered inline.
    package var inline = HDRHistogram()
    /// `done - intended` of the requests that waited on the upstream.
    package var parked = HDRHistogram()
    /// `done - send`.
    package var service = HDRHistogram()

    /// Empty histograms (allocated once; `reset` keeps them).
    package init() {}

    /// Requests recorded (both paths).
    package var requests: UInt64 { inline.totalCount &+ parked.totalCount }

    /// `done - intended` of every request of the operation: `inline` and `parked` added.
    package var response: HDRHistogram {
        var sum = inline
        sum.add(parked)
        return sum
    }

    /// Records one request (nanoseconds): its response time to its path, `parked` when it waited
    /// on the upstream.
    @inline(__always)
    package mutating func record(response: UInt64, service: UInt64, parked isParked: Bool) {
        if isParked {
            parked.record(response)
        } else {
            inline.record(response)
        }
        self.service.record(service)
    }

    /// Adds `other`'s counts.
    package mutating func add(_ other: OperationHistograms) {
        inline.add(other.inline)
        parked.add(other.parked)
        service.add(other.service)
    }

    /// Clears every count, keeping the allocations.
    package mutating func reset() {
        inline.reset()
        parked.reset()
        service.reset()
    }

    /// The histogram of `kind` (one of `OperationLabel.kinds`; empty for another).
    package func histogram(_ kind: LatencyKind) -> HDRHistogram {
        switch kind {
        case .inline: inline
        case .parked: parked
        case .responseTime: response
        case .serviceTime: service
        case .startLag, .upstreamWait: HDRHistogram()
        }
    }

    /// The histograms by kind (`OperationLabel.kinds`).
    package var byKind: [LatencyKind: HDRHistogram] {
        Dictionary(uniqueKeysWithValues: OperationLabel.kinds.map { ($0, histogram($0)) })
    }
}
