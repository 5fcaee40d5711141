/// What a ``SimulatedBackend`` did, read together (``SimulatedBackend/stats``): what the simulation
/// injected, beside the engine's own `UpstreamStats` of what it saw.
public struct SimulatedUpstreamStats: Sendable, Equatable {
    /// Every decision asked for, set-up included.
    public var calls: Int
    /// The calls made after ``SimulatedBackend/beginLoad(atUptimeNanos:)``: the load's.
    public var loadCalls: Int
    /// Calls answered `unavailable` by the error draw (``SimulatedBackend/Settings/errorRatio``).
    public var errors: Int
    /// Calls answered `unavailable` because they came during the ``SimulatedBackend/Settings/outage``.
    public var outageAnswers: Int

    /// Counters.
    public init(calls: Int = 0, loadCalls: Int = 0, errors: Int = 0, outageAnswers: Int = 0) {
        self.calls = calls
        self.loadCalls = loadCalls
        self.errors = errors
        self.outageAnswers = outageAnswers
    }
}
