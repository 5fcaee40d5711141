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

/// The result's `upstream` section: the engine's calls to the entitlement backend.
///
/// The engine's gauge of calls in flight at the end of the run is left out: it is a moment, not a
/// figure of the run.
package struct UpstreamSection: Codable, Sendable, Equatable {
    /// Calls started (misses and refreshes that did not join a call in flight).
    package var calls: Int
    /// Requests that joined a call already in flight for their key instead of starting one.
    package var coalesced: Int
    /// Calls started to refresh an entry ahead of its expiry (included in `calls`).
    package var refreshes: Int
    /// Calls the upstream answered as unavailable.
    package var errors: Int
    /// Calls the engine stopped waiting for after the per-call timeout.
    package var timeouts: Int
    /// Requests and refreshes not sent because the in-flight bound was reached.
    package var rejected: Int
    /// The most calls in flight at once. In a merged result, the largest input's.
    package var maxInFlight: Int

    /// Creates a value from its stored properties.
    package init(calls: Int, coalesced: Int, refreshes: Int, errors: Int, timeouts: Int, rejected: Int, maxInFlight: Int) {
        self.calls = calls
        self.coalesced = coalesced
        self.refreshes = refreshes
        self.errors = errors
        self.timeouts = timeouts
        self.rejected = rejected
        self.maxInFlight = maxInFlight
    }

    /// The section of the engine's counters.
    package init(_ stats: UpstreamStats) {
        self.init(calls: stats.calls, coalesced: stats.coalesced, refreshes: stats.refreshes, errors: stats.errors,
            timeouts: stats.timeouts, rejected: stats.rejected, maxInFlight: stats.maxInFlight)
    }

    /// Two shards' sections together: every counter summed (each shard has its own engine), the
    /// largest `maxInFlight` (the shards' peaks need not coincide).
    package static func + (lhs: UpstreamSection, rhs: UpstreamSection) -> UpstreamSection {
        UpstreamSection(calls: lhs.calls + rhs.calls, coalesced: lhs.coalesced + rhs.coalesced,
            refreshes: lhs.refreshes + rhs.refreshes, errors: lhs.errors + rhs.errors, timeouts: lhs.timeouts + rhs.timeouts,
            rejected: lhs.rejected + rhs.rejected, maxInFlight: Swift.max(lhs.maxInFlight, rhs.maxInFlight))
    }
}

/// The result's `prewarm` section: the untimed steady-state set-up before the warm-up (absent for a
/// cold start).
package struct PrewarmSection: Codable, Sendable, Equatable {
    /// Devices authorized.
    package var devices: Int
    /// Authorizations made (devices x favourites, less duplicates).
    package var authorizations: Int
    /// How long it took, seconds (not measured as latency).
    package var seconds: Double

    /// Creates a value from its stored properties.
    package init(devices: Int, authorizations: Int, seconds: Double) {
        self.devices = devices
        self.authorizations = authorizations
        self.seconds = seconds
    }

    /// The section of a run's prewarm.
    package init(_ prewarm: Prewarm) {
        self.init(devices: prewarm.devices, authorizations: prewarm.authorizations, seconds: prewarm.seconds)
    }

    /// Two shards' prewarms together: devices and authorizations summed (the shards split the
    /// population), the longer time (they ran side by side).
    package static func + (lhs: PrewarmSection, rhs: PrewarmSection) -> PrewarmSection {
        PrewarmSection(devices: lhs.devices + rhs.devices, authorizations: lhs.authorizations + rhs.authorizations,
            seconds: Swift.max(lhs.seconds, rhs.seconds))
    }
}
