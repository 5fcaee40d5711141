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
