import BenchHarness

/// What a service-level objective measures (the part of `--slo` before the operator).
package enum SLOMetric: Sendable, Equatable {
    /// A statistic of one measured-phase latency histogram, e.g. `inline.p99` or `responseTime.p99`.
    case latency(LatencyKind, SLOStatistic)
    /// A statistic of the requests in flight at every send, e.g. `inFlight.p99`.
    case inFlight(SLOStatistic)
    /// The share of requests that failed rather than got an answer (`summary.failureShare`):
    /// `UPSTREAM_UNAVAILABLE`, codes a request must never get, ledger faults. A correct denial is
    /// an answer, not a failure.
    case failures
    /// The share of requests answered with one code, whatever it means (`errors.UPSTREAM_UNAVAILABLE`,
    /// `errors.NOT_AUTHORIZED`).
    case code(String)
    /// Requests per second achieved in the measured phase.
    case throughput
    /// A statistic of one operation's measured-phase latency histogram, e.g. `check.inline.p99`
    /// (`OperationLabel.kinds` only).
    case operationLatency(OperationLabel, LatencyKind, SLOStatistic)
    /// One operation's requests per second over the measured phase, e.g. `check.throughput`.
    case operationThroughput(OperationLabel)

    /// The kind of threshold the metric takes, which fixes the units accepted after the operator.
    package var unit: SLOUnit {
        switch self {
        case .latency, .operationLatency: .duration
        case .inFlight: .count
        case .failures, .code: .share
        case .throughput, .operationThroughput: .rate
        }
    }
}

/// A statistic of a histogram: a percentile, the mean or the maximum.
package enum SLOStatistic: Sendable, Equatable {
    /// The value at this percentile (above 0, at most 100).
    case percentile(Double)
    /// The mean of the recorded values.
    case mean
    /// The highest recorded value.
    case max
}

/// The unit family of a threshold.
package enum SLOUnit: Sendable, Equatable {
    /// A latency: `ns`, `us`/`µs`, `ms` or `s`, stored in nanoseconds.
    case duration
    /// A share: a percentage with `%`, stored as a fraction (0...1).
    case share
    /// Requests per second, a plain number (`/s` accepted).
    case rate
    /// A plain count (requests in flight).
    case count
}

/// How the measured value is compared with the threshold.
package enum SLOOperator: String, Sendable, Equatable, CaseIterable {
    /// Strictly below.
    case lessThan = "<"
    /// Below or equal.
    case lessOrEqual = "<="
    /// Strictly above.
    case greaterThan = ">"
    /// Above or equal.
    case greaterOrEqual = ">="

    /// Whether `actual` satisfies the operator against `threshold`.
    package func holds(_ actual: Double, _ threshold: Double) -> Bool {
        switch self {
        case .lessThan: actual < threshold
        case .lessOrEqual: actual <= threshold
        case .greaterThan: actual > threshold
        case .greaterOrEqual: actual >= threshold
        }
    }
}
