/// What a run reports at the end of each measured interval, for live metrics: plain figures, so
/// that the harness's per-interval hook maps onto it in a few lines.
package struct LiveInterval: Sendable, Equatable {
    /// Length of the interval, seconds.
    package var lengthSeconds: Double
    /// Requests completed in it.
    package var requests: Int
    /// Median response time of the interval's requests, ns.
    package var responseP50Nanos: UInt64
    /// 99th percentile response time of the interval's requests, ns.
    package var responseP99Nanos: UInt64
    /// Requests completed in the interval by result code (`OK`, `UPSTREAM_UNAVAILABLE`, ...).
    package var codes: [String: Int]
    /// Requests in flight (sent, not answered) at the end of the interval.
    package var inFlight: Int

    /// Creates a value from its stored properties.
    package init(
        lengthSeconds: Double,
        requests: Int,
        responseP50Nanos: UInt64,
        responseP99Nanos: UInt64,
        codes: [String: Int],
        inFlight: Int
    ) {
        self.lengthSeconds = lengthSeconds
        self.requests = requests
        self.responseP50Nanos = responseP50Nanos
        self.responseP99Nanos = responseP99Nanos
        self.codes = codes
        self.inFlight = inFlight
    }
}
