/// One entry of the result's `slo` array: a service-level objective (`--slo`) and how the run met it.
package struct SLOSection: Codable, Sendable, Equatable {
    /// The objective as given, e.g. `responseTime.p99<5ms`.
    package var expression: String
    /// The measured value, in the objective's unit: nanoseconds for a latency, a fraction (0...1)
    /// for an error share, requests per second for a throughput.
    package var actual: Double
    /// Whether the objective held.
    package var met: Bool

    /// Creates a value from its stored properties.
    package init(expression: String, actual: Double, met: Bool) {
        self.expression = expression
        self.actual = actual
        self.met = met
    }
}
