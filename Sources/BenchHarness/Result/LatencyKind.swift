/// The latency histograms a run keeps, by kind (see BenchHarness's MeasurementRules article).
package enum LatencyKind: String, CaseIterable, Codable, Sendable {
    /// `done - intended start` (coordinated-omission correct).
    case responseTime
    /// `done - send`.
    case serviceTime
    /// `send - intended start`.
    case startLag
    /// For requests parked on the upstream: from parking to the upstream's answer (or timeout).
    case upstreamWait
    /// `done - intended start` of the requests answered inline: from the caches, or rejected
    /// locally, without waiting on the upstream. The hot path's own response time: the headline,
    /// the gate's and the CI recipes' figure.
    case inline
    /// `done - intended start` of the requests that waited on an upstream call (parked): the
    /// simulated upstream's latency is an input of the scenario, so these figures are the
    /// simulator's as much as the code's.
    case parked

    /// The response time of each path, `inline` then `parked`: their counts add up to
    /// `responseTime`'s. Absent from results written before they were recorded.
    package static let byPath: [LatencyKind] = [.inline, .parked]

    /// Whether this is one path's response time (`inline` or `parked`), which older results lack.
    package var isByPath: Bool { self == .inline || self == .parked }
}
