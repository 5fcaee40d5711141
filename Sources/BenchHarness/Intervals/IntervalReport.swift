import AuthZCore
import HDRHistogram

/// One completed 1-second interval of the measured phase, merged over the workers: what the
/// interval sink (`.hlog`) writes and what a live observer (`Harness.run`'s `onInterval`) receives.
///
/// Made once per interval, when every worker has moved past it, and dropped once written: the
/// run keeps only its ``IntervalSummary``.
package struct IntervalReport: Sendable {
    /// The interval's index: second `index` of the measured phase.
    package var index: Int
    /// Seconds from the start of the measured phase.
    package var startSeconds: Double
    /// Interval length in seconds (the last one may be shorter).
    package var lengthSeconds: Double
    /// Requests completed in the interval.
    package var requests: Int
    /// `done - intended` of the interval's requests, nanoseconds.
    package var response: HDRHistogram
    /// `done - send`, nanoseconds.
    package var service: HDRHistogram
    /// `send - intended`, nanoseconds (empty in closed loop).
    package var startLag: HDRHistogram
    /// From parking to the upstream's answer, for the parked requests, nanoseconds.
    package var upstreamWait: HDRHistogram
    /// `done - intended` of the interval's requests answered inline, nanoseconds.
    package var inlineResponse: HDRHistogram
    /// `done - intended` of the interval's requests that waited on the upstream, nanoseconds.
    package var parkedResponse: HDRHistogram
    /// Requests in flight sampled at the interval's sends, counts.
    package var inFlight: HDRHistogram
    /// Result codes of the interval's requests (codes with no request absent).
    package var codes: [ResultCode: Int]
    /// Requests parked on the upstream when the interval was reported (``InFlightGauge``).
    package var parked: Int
    /// The interval's histograms per operation, of the operations with requests (empty for a
    /// report made without them).
    package var operations: [OperationLabel: OperationHistograms] = [:]

    /// A report from its values.
    package init(
        index: Int,
        startSeconds: Double,
        lengthSeconds: Double,
        requests: Int,
        response: HDRHistogram,
        service: HDRHistogram,
        startLag: HDRHistogram = HDRHistogram(),
        upstreamWait: HDRHistogram = HDRHistogram(),
        inlineResponse: HDRHistogram = HDRHistogram(),
        parkedResponse: HDRHistogram = HDRHistogram(),
        inFlight: HDRHistogram = HDRHistogram(),
        codes: [ResultCode: Int] = [:],
        parked: Int = 0
    ) {
        self.index = index
        self.startSeconds = startSeconds
        self.lengthSeconds = lengthSeconds
        self.requests = requests
        self.response = response
        self.service = service
        self.startLag = startLag
        self.upstreamWait = upstreamWait
        self.inlineResponse = inlineResponse
        self.parkedResponse = parkedResponse
        self.inFlight = inFlight
        self.codes = codes
        self.parked = parked
    }

    /// The report of merged interval `index` (`set`), `lengthSeconds` long.
    package init(index: Int, lengthSeconds: Double, set: LatencyRecorder.Histograms, parked: Int) {
        var codes: [ResultCode: Int] = [:]
        for (code, count) in set.codes.enumerated() where count > 0 { codes[ResultCode.fromHarnessIndex(code)] = count }
        var operations: [OperationLabel: OperationHistograms] = [:]
        for (label, histograms) in set.recordedOperations { operations[label] = histograms }
        self.init(
            index: index,
            startSeconds: Double(index),
            lengthSeconds: lengthSeconds,
            requests: set.requests,
            response: set.response,
            service: set.service,
            startLag: set.startLag,
            upstreamWait: set.upstreamWait,
            inlineResponse: set.inline,
            parkedResponse: set.parked,
            inFlight: set.inFlight,
            codes: codes,
            parked: parked
        )
        self.operations = operations
    }

    /// The latency histogram of `kind`.
    package func histogram(_ kind: LatencyKind) -> HDRHistogram {
        switch kind {
        case .responseTime: response
        case .serviceTime: service
        case .startLag: startLag
        case .upstreamWait: upstreamWait
        case .inline: inlineResponse
        case .parked: parkedResponse
        }
    }

    /// Every latency histogram by kind.
    package var latency: [LatencyKind: HDRHistogram] {
        Dictionary(uniqueKeysWithValues: LatencyKind.allCases.map { ($0, histogram($0)) })
    }
}
