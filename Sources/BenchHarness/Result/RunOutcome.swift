import AuthZCore
import HDRHistogram

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
