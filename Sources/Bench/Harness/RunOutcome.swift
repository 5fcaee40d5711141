import AuthZCore

/// The latency histograms a run keeps, by kind (DESIGN §5).
enum LatencyKind: String, CaseIterable, Codable, Sendable {
    /// `done - intended start` (coordinated-omission correct).
    case responseTime
    /// `done - send`.
    case serviceTime
    /// `send - intended start`.
    case startLag
}

/// The histograms of one reporting interval (one second of the measured phase), kept packed
/// (`PackedHistogram`) so that a long run's intervals cost a few KB per second.
struct IntervalHistograms: Sendable {
    /// Seconds from the start of the measured phase.
    var startSeconds: Double
    /// Interval length in seconds.
    var lengthSeconds: Double
    /// Per kind, merged over workers, packed.
    private var packed: [LatencyKind: PackedHistogram]
    /// Requests completed in the interval.
    var requests: Int

    /// An interval of `latency` histograms (packed on the way in).
    init(startSeconds: Double, lengthSeconds: Double, latency: [LatencyKind: HDRHistogram], requests: Int) {
        self.startSeconds = startSeconds
        self.lengthSeconds = lengthSeconds
        self.packed = latency.mapValues(PackedHistogram.init)
        self.requests = requests
    }

    /// The histogram of `kind`, unpacked (nil when absent).
    func histogram(_ kind: LatencyKind) -> HDRHistogram? { packed[kind]?.histogram }

    /// Every kind's histogram, unpacked.
    var latency: [LatencyKind: HDRHistogram] { packed.mapValues(\.histogram) }
}

/// Everything a run measured: what the reporters (console, JSON, .hgrm, .hlog) write.
struct RunOutcome: Sendable {
    /// The inputs.
    var scenario: Scenario
    /// Where and how it ran.
    var environment: Environment
    /// Wall-clock start of the measured phase, Unix epoch milliseconds (the .hlog StartTime).
    var startEpochMillis: Int64
    /// Set-up: building the population and pre-issuing authN tokens (excluded from measurement).
    var setupSeconds: Double
    /// Measured phase length, seconds (monotonic clock).
    var durationSeconds: Double
    /// Requests completed in the measured phase.
    var requests: Int
    /// Result codes of the measured phase, by code (including `VALID_TOKEN`).
    var codes: [ResultCode: Int]
    /// Attack requests by the code they were expected to get, and how many got another code.
    var attacks: AttackTally
    /// Merged histograms of the measured phase.
    var latency: [LatencyKind: HDRHistogram]
    /// Merged histograms of the warm-up phase (reported separately).
    var warmupLatency: [LatencyKind: HDRHistogram]
    /// Per-second histograms of the measured phase.
    var intervals: [IntervalHistograms]
    /// Stage histograms (DESIGN §3 names), sampled per `scenario.stageSample`.
    var stages: [Stage: HDRHistogram]
    /// Engine cache figures at the end of the run.
    var cache: CacheReport
    /// Whether the generator kept up (open loop); reasons when not.
    var validity: Validity
    /// Peak resident set size of the process (Linux `VmHWM`), bytes; 0 when unknown.
    var peakRSSBytes = 0
    /// Resident set size right after set-up (population and tokens built), bytes; 0 when unknown.
    var setupRSSBytes = 0
    /// Injected stalls that hit a request of the measured phase (all workers).
    var injectedStalls = 0
    /// The measured requests' trace, when recorded (`run --record-trace`).
    var trace: RecordedTrace? = nil
    /// Resident set size sampled during the run (`MemorySampler`): one at 0 s (after set-up), one
    /// per interval, and a last one when the workers finished.
    var rssSamples: [RSSSample] = []
    /// The sampling interval of `rssSamples`, seconds.
    var rssSampleSeconds = 10.0

    /// Resident set size when the run ended (the last sample), bytes; 0 when unknown.
    var finalRSSBytes: Int { rssSamples.last?.rssBytes ?? 0 }

    /// Requests per second achieved in the measured phase (`requests / durationSeconds`).
    var achievedRate: Double { durationSeconds > 0 ? Double(requests) / durationSeconds : 0 }
}

/// Attack traffic: expected rejection codes and misses.
struct AttackTally: Sendable, Equatable {
    /// Attacks sent, by the code they must be rejected with.
    var expected: [ResultCode: Int] = [:]
    /// Attacks that got a different code (must be zero).
    var unexpected = 0
}

/// The engine caches' figures (the result's `cache` section).
struct CacheReport: Sendable {
    /// Strategy name.
    var strategy: String
    /// Capacity of each cache.
    var capacity: Int
    /// Verified-token cache counters.
    var verifiedTokens: CacheStats
    /// Authorization cache counters.
    var authorizations: CacheStats
}

/// The run's validity verdict.
struct Validity: Sendable, Equatable {
    /// False when the generator, not the code under test, limited the run (or a debug build ran).
    var valid: Bool
    /// Why not, one line each.
    var reasons: [String]
}
