import AuthZCore

extension SimulatedBackend {
    /// What a simulated backend is built from, besides its signing key (and its clock).
    public struct Settings: Sendable, Equatable {
        /// Lifetime of issued authZ tokens, milliseconds.
        public var authZTTLMillis: Int64
        /// Share of (requestor, resource, MVPD) combinations denied, 0...1.
        public var denyRatio: Double
        /// The simulated upstream latency.
        public var latency: LatencyDistribution
        /// Share of the load's calls answered `unavailable`, 0...1.
        public var errorRatio: Double
        /// The scheduled outage, measured from the load's start; nil for none.
        public var outage: Outage?
        /// Seeds the deny decisions, the error draws and the latency draws.
        public var seed: UInt64

        /// Settings; by default an hour's authZ tokens, no denial, no latency, no error, no outage, seed 1.
        public init(
            authZTTLMillis: Int64 = 3_600_000,
            denyRatio: Double = 0,
            latency: LatencyDistribution = .none,
            errorRatio: Double = 0,
            outage: Outage? = nil,
            seed: UInt64 = 1
        ) {
            self.authZTTLMillis = authZTTLMillis
            self.denyRatio = denyRatio
            self.latency = latency
            self.errorRatio = errorRatio
            self.outage = outage
            self.seed = seed
        }
    }

}

extension SimulatedBackend {
    /// A window during which the upstream is down: every call answers `unavailable` at once.
    ///
    /// Measured from the load's start (``SimulatedBackend/beginLoad(atUptimeNanos:)``, which is the
    /// start of the warm-up), on the monotonic clock, so that a wall-clock step cannot move it.
    public struct Outage: Sendable, Equatable {
        /// When the outage begins, milliseconds after the load's start.
        public var startMillis: Int64
        /// How long it lasts, milliseconds.
        public var durationMillis: Int64

        /// An outage from `startMillis` for `durationMillis` (`startMillis >= 0`, `durationMillis > 0`).
        public init(startMillis: Int64, durationMillis: Int64) {
            precondition(startMillis >= 0 && durationMillis > 0, "an outage starts at or after the load and lasts")
            self.startMillis = startMillis
            self.durationMillis = durationMillis
        }

        /// Whether the upstream is down `elapsedNanos` after the load's start: from the start
        /// (included) to the end (excluded).
        public func contains(elapsedNanos: UInt64) -> Bool {
            let elapsedMillis = elapsedNanos / 1_000_000
            let start = UInt64(startMillis)
            return elapsedMillis >= start && elapsedMillis - start < UInt64(durationMillis)
        }
    }
}
