import AuthZCore
import BenchHarness

/// The result's `concurrency` section: how many requests were in flight.
package struct ConcurrencySection: Codable, Sendable, Equatable {
    /// Requests in flight (sent, not yet completed, this one included), sampled at every send of the
    /// measured phase. The values are request counts, not nanoseconds.
    package var inFlight: HistogramSummary

    /// Creates a value from its stored properties.
    package init(inFlight: HistogramSummary) {
        self.inFlight = inFlight
    }
}
