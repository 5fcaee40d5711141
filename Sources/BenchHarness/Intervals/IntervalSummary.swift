import HDRHistogram

/// What the run keeps of one interval once it is written: its place, its requests and a few
/// percentiles, no histogram, so that memory does not grow with the run's length beyond a few
/// dozen bytes per second. It is also the result's `intervals` entry (`start`, `length`,
/// `requests`, `responseTime`, `serviceTime`, `inFlight`); a merged result keeps the place and the
/// requests only, as did results written before the percentiles were kept.
package struct IntervalSummary: Codable, Sendable, Equatable {
    /// Median, 99th percentile and maximum of one of the interval's histograms, in the histogram's
    /// unit: integer nanoseconds for a latency, requests for `inFlight`.
    package struct Percentiles: Codable, Sendable, Equatable {
        /// Median.
        package var p50: UInt64
        /// 99th percentile.
        package var p99: UInt64
        /// Highest value.
        package var max: UInt64

        /// The percentiles of `histogram` (nil when it is empty).
        package init?(_ histogram: HDRHistogram) {
            guard histogram.totalCount > 0 else { return nil }
            p50 = histogram.value(atPercentile: 50)
            p99 = histogram.value(atPercentile: 99)
            max = histogram.max
        }

        /// Percentiles from their values.
        package init(p50: UInt64, p99: UInt64, max: UInt64) {
            self.p50 = p50
            self.p99 = p99
            self.max = max
        }
    }

    /// One operation's figures in the interval (`intervals[i].byOperation.OP`).
    package struct OperationFigures: Codable, Sendable, Equatable {
        /// The operation's requests completed in the interval.
        package var requests: Int
        /// Its response time.
        package var responseTime: Percentiles?
        /// Its service time.
        package var serviceTime: Percentiles?
        /// Its requests answered inline (absent when none was).
        package var inline: Percentiles?
        /// Its requests that waited on the upstream (absent when none did).
        package var parked: Percentiles?

        /// The figures of `histograms`.
        package init(_ histograms: OperationHistograms) {
            requests = Int(histograms.requests)
            responseTime = Percentiles(histograms.response)
            serviceTime = Percentiles(histograms.service)
            inline = Percentiles(histograms.inline)
            parked = Percentiles(histograms.parked)
        }
    }

    /// Seconds from the start of the measured phase.
    package var startSeconds: Double
    /// Interval length in seconds.
    package var lengthSeconds: Double
    /// Requests completed in the interval.
    package var requests: Int
    /// Response time (nil when no request completed, and in merged results).
    package var responseTime: Percentiles?
    /// Service time (nil like `responseTime`).
    package var serviceTime: Percentiles?
    /// Requests in flight at the interval's sends (nil when nothing was sent, and in merged results).
    package var inFlight: Percentiles?
    /// The figures per operation, by `OperationLabel.name`, of the operations with requests (nil
    /// in merged results and in files written before operations were recorded apart: not
    /// recorded, never none).
    package var byOperation: [String: OperationFigures]? = nil

    private enum CodingKeys: String, CodingKey {
        case startSeconds = "start"
        case lengthSeconds = "length"
        case requests, responseTime, serviceTime, inFlight, byOperation
    }

    /// A summary from its values.
    package init(
        startSeconds: Double,
        lengthSeconds: Double,
        requests: Int,
        responseTime: Percentiles? = nil,
        serviceTime: Percentiles? = nil,
        inFlight: Percentiles? = nil
    ) {
        self.startSeconds = startSeconds
        self.lengthSeconds = lengthSeconds
        self.requests = requests
        self.responseTime = responseTime
        self.serviceTime = serviceTime
        self.inFlight = inFlight
    }

    /// The summary of `report`.
    package init(_ report: IntervalReport) {
        self.init(
            startSeconds: report.startSeconds,
            lengthSeconds: report.lengthSeconds,
            requests: report.requests,
            responseTime: Percentiles(report.response),
            serviceTime: Percentiles(report.service),
            inFlight: Percentiles(report.inFlight)
        )
        var byOperation: [String: OperationFigures] = [:]
        for (label, histograms) in report.operations { byOperation[label.name] = OperationFigures(histograms) }
        // A report made without its operations (not by a run) has none to tell.
        self.byOperation = report.operations.isEmpty && report.requests > 0 ? nil : byOperation
    }
}
