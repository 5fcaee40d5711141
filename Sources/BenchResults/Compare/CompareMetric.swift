import BenchHarness
import Foundation

/// One figure `compare` reads from every result and gates on: `throughput`
/// (`summary.achievedRate`, higher is better), a latency statistic such as `inline.p99` or
/// `upstreamWait.p99` (lower is better), the share of requests that failed (`failures`), a
/// statistic of requests in flight (`inFlight.p99`), or an upstream counter (`upstream.calls`).
///
/// Every metric but throughput is lower-is-better. Requests in flight follow response time at a
/// given rate (Little's law), so more of them is worse. The upstream counters are divided by the
/// requests, so that a closed-loop candidate that ran more requests is not blamed for the calls
/// they made; `upstream.maxInFlight` is a peak and is compared as it is. `upstream.coalesced` and
/// `upstream.refreshes` have no better direction (more coalescing can mean fewer calls or a
/// slower upstream) and are not metrics.
package struct CompareMetric: Sendable, Equatable, Hashable {
    /// What is read.
    package enum Source: Sendable, Equatable, Hashable {
        /// `summary.achievedRate`, requests/s.
        case throughput
        /// A statistic (`p50`, `p99.9`, `mean`, `max`, ...) of a measured-phase latency histogram, ns.
        case latency(LatencyKind, String)
        /// A statistic of `concurrency.inFlight`, requests.
        case inFlight(String)
        /// `summary.failureShare`: the share of requests that failed (0...1).
        case failures
        /// An `upstream` counter: per request for `calls`, `errors`, `timeouts` and `rejected`;
        /// as it is for `maxInFlight`.
        case upstream(String)
        /// A statistic of one operation's measured-phase latency histogram
        /// (`latency.byOperation.OP.KIND`), ns: `check.inline.p50`.
        case operationLatency(OperationLabel, LatencyKind, String)
        /// One operation's requests per second over the measured phase: `check.throughput`.
        case operationThroughput(OperationLabel)
    }

    /// Where the figure comes from.
    package var source: Source

    /// The gated metrics when `--metrics` is not given: throughput, the hot path's own response
    /// time (`inline`) and the share of failures. The `parked` and overall response times, the
    /// in-flight and the upstream figures follow the simulated upstream's latency, an input of the
    /// scenario, more than the code under test, so they are gated only when asked for.
    package static let defaults: [CompareMetric] = [
        CompareMetric(source: .throughput),
        CompareMetric(source: .latency(.inline, "p50")),
        CompareMetric(source: .latency(.inline, "p99")),
        CompareMetric(source: .latency(.inline, "p99.9")),
        CompareMetric(source: .failures),
    ]

    /// The smallest baseline a relative change of `failures` is taken against (0.1% of the
    /// requests): a share rising from 0 to one failure in a million is not an infinite change.
    package static let failureShareFloor = 0.001

    /// The baseline value below which a relative change is taken against this floor instead
    /// (nil: the baseline as it is).
    package var changeFloor: Double? { source == .failures ? Self.failureShareFloor : nil }

    /// The statistics a latency or in-flight metric may name.
    package static let statistics = ["min", "mean", "p50", "p90", "p99", "p99.9", "p99.99", "max"]

    /// The upstream counters a metric may name (`upstream.NAME`).
    package static let upstreamCounters = ["calls", "errors", "timeouts", "rejected", "maxInFlight"]

    /// The name of the in-flight metrics' histogram (`inFlight.p99`).
    package static let inFlightName = "inFlight"

    /// The metric's name: `throughput`, `KIND.STAT` (`responseTime.p99`), `inFlight.STAT` or
    /// `upstream.COUNTER`.
    package var name: String {
        switch source {
        case .throughput: "throughput"
        case .latency(let kind, let statistic): "\(kind.rawValue).\(statistic)"
        case .inFlight(let statistic): "\(Self.inFlightName).\(statistic)"
        case .failures: "failures"
        case .upstream(let counter): "upstream.\(counter)"
        case .operationLatency(let label, let kind, let statistic): "\(label.name).\(kind.rawValue).\(statistic)"
        case .operationThroughput(let label): "\(label.name).throughput"
        }
    }

    /// Whether a larger value is better (throughput) rather than worse (everything else).
    package var higherIsBetter: Bool {
        switch source {
        case .throughput, .operationThroughput: true
        default: false
        }
    }

    /// The unit of the metric's values, as the verdict file writes it.
    package var unit: String {
        switch source {
        case .throughput, .operationThroughput: "requests/s"
        case .latency, .operationLatency: "ns"
        case .inFlight: "requests"
        case .failures: "share"
        case .upstream(let counter): counter == "maxInFlight" ? "calls" : "per request"
        }
    }

    /// The metric's value in `document`; nil when the document does not have it: in-flight,
    /// upstream-wait and upstream figures in results written before they were measured (no
    /// `concurrency` section: an older file reads its missing `upstreamWait` as empty, which is not
    /// a measurement of zero), `inline`/`parked` and `failures` in results written before they were
    /// recorded, and upstream counters and failures of merges of `.hlog` files only; an operation's
    /// figure in a result that did not record operations apart, or that sent none of it.
    package func value(in document: ResultDocument) -> Double? {
        switch source {
        case .throughput:
            return document.summary.achievedRate
        case .latency(let kind, let statistic):
            if kind == .upstreamWait, document.concurrency == nil { return nil }
            return document.latency[kind].map { Self.statistic(statistic, of: $0) }
        case .failures:
            return document.summary.failureShare
        case .inFlight(let statistic):
            return document.concurrency.map { Self.statistic(statistic, of: $0.inFlight) }
        case .operationLatency(let label, let kind, let statistic):
            return document.latency.byOperation?[label.name]?[kind].map { Self.statistic(statistic, of: $0) }
        case .operationThroughput(let label):
            guard let section = document.latency.byOperation?[label.name] else { return nil }
            let seconds = document.summary.durationSeconds
            return seconds > 0 ? Double(section.responseTime.count) / seconds : nil
        case .upstream(let counter):
            guard let upstream = document.upstream else { return nil }
            let requests = Double(Swift.max(document.summary.requests, 1))
            switch counter {
            case "calls": return Double(upstream.calls) / requests
            case "errors": return Double(upstream.errors) / requests
            case "timeouts": return Double(upstream.timeouts) / requests
            case "rejected": return Double(upstream.rejected) / requests
            default: return Double(upstream.maxInFlight)
            }
        }
    }

    /// `statistic` (one of `statistics`) of a histogram summary.
    private static func statistic(_ statistic: String, of h: HistogramSummary) -> Double {
        switch statistic {
        case "min": Double(h.min)
        case "mean": h.mean
        case "p50": Double(h.p50)
        case "p90": Double(h.p90)
        case "p99": Double(h.p99)
        case "p99.9": Double(h.p999)
        case "p99.99": Double(h.p9999)
        default: Double(h.max)
        }
    }

    /// Parses `--metrics`: comma-separated names (`throughput`, `inline.p99`, `parked.p99`,
    /// `responseTime.p99`, `upstreamWait.p50`, `inFlight.p99`, `failures`, `upstream.calls`, ...;
    /// a bare statistic such as `p99` means `inline.p99`, the hot path's), and per operation
    /// `OPERATION.KIND.STAT` (`check.inline.p50`) and `OPERATION.throughput`.
    package static func parseList(_ text: String) throws(BenchError) -> [CompareMetric] {
        var result: [CompareMetric] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let metric = parse(name) else {
                let kinds = (LatencyKind.allCases.map(\.rawValue) + [inFlightName]).joined(separator: "|")
                throw .invalidSetting(
                    "--metrics: unknown metric '\(name)'; expected throughput, failures, "
                        + "(\(kinds)).(\(statistics.joined(separator: "|"))), upstream.(\(upstreamCounters.joined(separator: "|"))), "
                        + "or OPERATION.(\(OperationLabel.kinds.map(\.rawValue).joined(separator: "|"))).STAT or OPERATION.throughput "
                        + "(OPERATION: \(OperationLabel.allCases.map(\.name).joined(separator: "|")))"
                )
            }
            guard !result.contains(metric) else { throw .invalidSetting("--metrics names '\(name)' twice") }
            result.append(metric)
        }
        return result
    }

    /// The metric called `name`, or nil.
    package static func parse(_ name: String) -> CompareMetric? {
        if let (label, rest) = OperationLabel.split(Substring(name)) {
            if rest == "throughput" { return CompareMetric(source: .operationThroughput(label)) }
            guard let dot = rest.firstIndex(of: "."), let kind = LatencyKind(rawValue: String(rest[..<dot])),
                OperationLabel.kinds.contains(kind)
            else { return nil }
            let statistic = String(rest[rest.index(after: dot)...])
            return statistics.contains(statistic)
                ? CompareMetric(source: .operationLatency(label, kind, statistic)) : nil
        }
        if name == "throughput" { return CompareMetric(source: .throughput) }
        if name == "failures" { return CompareMetric(source: .failures) }
        if statistics.contains(name) { return CompareMetric(source: .latency(.inline, name)) }
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let prefix = String(name[..<dot])
        let rest = String(name[name.index(after: dot)...])
        if prefix == "upstream" {
            return upstreamCounters.contains(rest) ? CompareMetric(source: .upstream(rest)) : nil
        }
        guard statistics.contains(rest) else { return nil }
        if prefix == inFlightName { return CompareMetric(source: .inFlight(rest)) }
        return LatencyKind(rawValue: prefix).map { CompareMetric(source: .latency($0, rest)) }
    }
}
