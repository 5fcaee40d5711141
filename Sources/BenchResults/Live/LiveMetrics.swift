/// The live figures of a running `run`, as `--metrics-textfile` publishes them: gauges of the last
/// interval and counters since the start of the measured phase.
package struct LiveMetrics: Sendable, Equatable {
    /// Achieved rate of the last interval, requests per second.
    package var rate: Double = 0
    /// Requests in flight at the end of the last interval.
    package var inFlight: Int = 0
    /// Median response time of the last interval, ns.
    package var responseP50Nanos: UInt64 = 0
    /// 99th percentile response time of the last interval, ns.
    package var responseP99Nanos: UInt64 = 0
    /// Requests by result code since the start of the measured phase (cumulative: a Prometheus
    /// counter never goes down, and a code once seen stays listed).
    package var codes: [String: Int] = [:]
    /// Measured intervals recorded so far (the gauges of the last one are meaningful from 1 on).
    package var intervals = 0
    /// Whether the run is still measuring (false once it has ended).
    package var running = true
    /// Labels on every sample (`scenario`, `shard`).
    package var labels: [String: String]

    /// Nothing measured yet, with `labels`.
    package init(labels: [String: String]) {
        self.labels = labels
    }

    /// The figures after `interval`: its gauges replace the previous ones, its codes add to the counters.
    package mutating func add(_ interval: LiveInterval) {
        intervals += 1
        rate = interval.lengthSeconds > 0 ? Double(interval.requests) / interval.lengthSeconds : 0
        inFlight = interval.inFlight
        responseP50Nanos = interval.responseP50Nanos
        responseP99Nanos = interval.responseP99Nanos
        for (code, count) in interval.codes where count > 0 { codes[code, default: 0] += count }
    }

    /// The figures once the run has ended: nothing in flight, no rate; the counters raised to the
    /// run's final `totals` by code when given (they count every measured request, so they are
    /// never below what the intervals added up to; a counter still never goes down).
    package mutating func finish(totals: [String: Int]? = nil) {
        running = false
        rate = 0
        inFlight = 0
        for (code, total) in totals ?? [:] where total > 0 { codes[code] = Swift.max(codes[code] ?? 0, total) }
    }
}
