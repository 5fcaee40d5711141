import AuthZCore
import HDRHistogram

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

/// Everything a run measured: what the reporters (console, JSON, .hgrm, .hlog) write.
package struct RunOutcome: Sendable {
    /// The inputs.
    package var scenario: Scenario
    /// Where and how it ran.
    package var environment: Environment
    /// Wall-clock start of the measured phase, Unix epoch milliseconds (the .hlog StartTime).
    package var startEpochMillis: Int64
    /// Set-up: building the population and pre-issuing authN tokens (excluded from measurement).
    package var setupSeconds: Double
    /// Measured phase length, seconds (monotonic clock).
    package var durationSeconds: Double
    /// Requests completed in the measured phase.
    package var requests: Int
    /// Result codes of the measured phase, by code (including `VALID_TOKEN`).
    package var codes: [ResultCode: Int]
    /// The measured requests that failed rather than got an answer, by code, and the ledger's faults.
    package var failures: Failures
    /// Attack requests by the code they were expected to get, and how many got another code.
    package var attacks: AttackTally
    /// Merged histograms of the measured phase.
    package var latency: [LatencyKind: HDRHistogram]
    /// Merged histograms of the warm-up phase (reported separately).
    package var warmupLatency: [LatencyKind: HDRHistogram]
    /// Per-second summaries of the measured phase (the histograms went to the `.hlog` as each
    /// second completed).
    package var intervals: [IntervalSummary]
    /// Stage histograms (the stage names of `Stage`), sampled per `scenario.stageSample`.
    package var stages: [Stage: HDRHistogram]
    /// Engine cache figures at the end of the run.
    package var cache: CacheReport
    /// Whether the generator kept up (open loop); reasons when not.
    package var validity: Validity
    /// Peak resident set size of the process (Linux `VmHWM`), bytes; 0 when unknown.
    package var peakRSSBytes: Int
    /// Resident set size right after set-up (population and tokens built), bytes; 0 when unknown.
    package var setupRSSBytes: Int
    /// Injected stalls that hit a request of the measured phase (all workers).
    package var injectedStalls: Int
    /// The measured requests' trace, when recorded (`run --record-trace`).
    package var trace: RecordedTrace?
    /// Resident set size sampled during the run (`MemorySampler`): one at 0 s (after set-up), one
    /// per interval, and a last one when the workers finished.
    package var rssSamples: [RSSSample]
    /// The sampling interval of `rssSamples`, seconds.
    package var rssSampleSeconds: Double
    /// Requests in flight, sampled at every send of the measured phase (`concurrency.inFlight`).
    package var inFlight: HDRHistogram
    /// The most requests in flight at a send (`summary.maxInFlight`).
    package var maxInFlight: Int
    /// The engine's upstream counters at the end of the run (the `upstream` section).
    package var upstream: UpstreamStats
    /// The steady-state set-up before the warm-up (nil with `--cold`): untimed, shown.
    package var prewarm: Prewarm?
    /// The host name of the machine that ran it (empty when unknown).
    package var host: String = ""
    /// Set when a signal ended the load early (the run is then invalid).
    package var interruption: Interruption?
    /// Why the streamed `.hlog` could not be written to its end (`ENOSPC`, `EIO`), if so: the run
    /// went on, and its other outputs are written.
    package var intervalLogFailure: BenchError?
    /// Creates a value from its stored properties.
    package init(
        scenario: Scenario,
        environment: Environment,
        startEpochMillis: Int64,
        setupSeconds: Double,
        durationSeconds: Double,
        requests: Int,
        codes: [ResultCode: Int],
        failures: Failures = Failures(),
        attacks: AttackTally,
        latency: [LatencyKind: HDRHistogram],
        warmupLatency: [LatencyKind: HDRHistogram],
        intervals: [IntervalSummary],
        stages: [Stage: HDRHistogram],
        cache: CacheReport,
        validity: Validity,
        peakRSSBytes: Int = 0,
        setupRSSBytes: Int = 0,
        injectedStalls: Int = 0,
        trace: RecordedTrace? = nil,
        rssSamples: [RSSSample] = [],
        rssSampleSeconds: Double = 10.0,
        inFlight: HDRHistogram = HDRHistogram(),
        maxInFlight: Int = 0,
        upstream: UpstreamStats = UpstreamStats(),
        prewarm: Prewarm? = nil
    ) {
        self.scenario = scenario
        self.environment = environment
        self.startEpochMillis = startEpochMillis
        self.setupSeconds = setupSeconds
        self.durationSeconds = durationSeconds
        self.requests = requests
        self.codes = codes
        self.failures = failures
        self.attacks = attacks
        self.latency = latency
        self.warmupLatency = warmupLatency
        self.intervals = intervals
        self.stages = stages
        self.cache = cache
        self.validity = validity
        self.peakRSSBytes = peakRSSBytes
        self.setupRSSBytes = setupRSSBytes
        self.injectedStalls = injectedStalls
        self.trace = trace
        self.rssSamples = rssSamples
        self.rssSampleSeconds = rssSampleSeconds
        self.inFlight = inFlight
        self.maxInFlight = maxInFlight
        self.upstream = upstream
        self.prewarm = prewarm
    }

    /// Resident set size when the run ended (the last sample), bytes; 0 when unknown.
    package var finalRSSBytes: Int { rssSamples.last?.rssBytes ?? 0 }

    /// Requests per second achieved in the measured phase (`requests / durationSeconds`).
    package var achievedRate: Double { durationSeconds > 0 ? Double(requests) / durationSeconds : 0 }
}

/// The measured requests that failed (`ResultCode.isFailure(expected:)`): by the code they got,
/// and the completion ledger's faults (a parked request completed twice, or never).
package struct Failures: Sendable, Equatable {
    /// Failed requests by code.
    package var codes: [ResultCode: Int]
    /// Parked requests completed twice or never (`CompletionLedger`).
    package var ledgerFaults: Int

    /// The name `summary.failures` counts the ledger's faults under.
    package static let ledgerFaultName = "LEDGER_FAULT"

    /// Failures from their counts.
    package init(codes: [ResultCode: Int] = [:], ledgerFaults: Int = 0) {
        self.codes = codes
        self.ledgerFaults = ledgerFaults
    }

    /// Every failure by name: the codes' names, and ``ledgerFaultName`` when there were any.
    package var byName: [String: Int] {
        var names: [String: Int] = [:]
        for (code, count) in codes where count > 0 { names[code.rawValue] = count }
        if ledgerFaults > 0 { names[Self.ledgerFaultName] = ledgerFaults }
        return names
    }
}

/// Attack traffic: expected rejection codes and misses.
package struct AttackTally: Sendable, Equatable {
    /// Attacks sent, by the code they must be rejected with.
    package var expected: [ResultCode: Int]
    /// Attacks that got a different code (must be zero).
    package var unexpected: Int
    /// Creates a value from its stored properties.
    package init(expected: [ResultCode: Int] = [:], unexpected: Int = 0) {
        self.expected = expected
        self.unexpected = unexpected
    }
}

/// The engine caches' figures (the result's `cache` section).
package struct CacheReport: Sendable {
    /// Strategy name.
    package var strategy: String
    /// Capacity of each cache.
    package var capacity: Int
    /// Verified-token cache counters.
    package var verifiedTokens: CacheStats
    /// Authorization cache counters.
    package var authorizations: CacheStats

    /// Creates a value from its stored properties.
    package init(strategy: String, capacity: Int, verifiedTokens: CacheStats, authorizations: CacheStats) {
        self.strategy = strategy
        self.capacity = capacity
        self.verifiedTokens = verifiedTokens
        self.authorizations = authorizations
    }
}

/// The run's validity verdict.
package struct Validity: Sendable, Equatable {
    /// False when the generator, not the code under test, limited the run (or a debug build ran).
    package var valid: Bool
    /// Why not, one line each.
    package var reasons: [String]

    /// Creates a value from its stored properties.
    package init(valid: Bool, reasons: [String]) {
        self.valid = valid
        self.reasons = reasons
    }
}
