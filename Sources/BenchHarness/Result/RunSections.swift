import AuthZCore

/// The sections of a run result that are the same in memory (`RunResult`) and in its file
/// (`ResultDocument`): one type from where the run counts them to where the file writes them.
///
/// Only the histograms differ between the two (decoded `HDRHistogram`s in memory,
/// `HistogramSummary`s in the file), so they stay outside. The file's JSON is flat: these keys sit
/// beside `latency`, `warmup`, `stages` and `concurrency` at the top level, and an absent optional
/// section is absent from the file rather than `null`.
package struct RunSections: Codable, Sendable, Equatable {
    /// Where it ran.
    package var environment: Environment
    /// Every input that shaped the run (the `Scenario`, plus `loop`: `open` or `closed`); for a
    /// merge of `.hlog` files only, `{"merged": [files]}`.
    package var scenario: JSONValue
    /// Counts, rates and the validity verdict.
    package var summary: ResultSummary
    /// Both engine caches summed, with each one under `caches`.
    package var cache: CacheSection
    /// Attack traffic by expected rejection code.
    package var attacks: AttackSection
    /// Requests per one-second interval of the measured phase (their histograms go to `.hlog`).
    package var intervals: [IntervalSummary]
    /// Set-up time (population and authN tokens), excluded from measurement.
    package var setupSeconds: Double
    /// The resident-set curve of the run (absent in merged results and older files).
    package var memory: MemorySection? = nil
    /// The engine's upstream calls (absent in older files and in merges of `.hlog` files only).
    package var upstream: UpstreamStats? = nil
    /// The untimed steady-state set-up before the warm-up (absent for a cold start and in older files).
    package var prewarm: Prewarm? = nil
    /// The service-level objectives checked after the run (`--slo`; absent when none was given).
    package var slo: [SLOSection]? = nil
    /// Which shards a merged result holds, and whether whole (`merge`; absent otherwise).
    package var shards: ShardsSection? = nil

    /// The sections of a result: the ones every result has, and the optional ones it measured.
    package init(
        environment: Environment,
        scenario: JSONValue,
        summary: ResultSummary,
        cache: CacheSection,
        attacks: AttackSection,
        intervals: [IntervalSummary],
        setupSeconds: Double,
        memory: MemorySection? = nil,
        upstream: UpstreamStats? = nil,
        prewarm: Prewarm? = nil
    ) {
        self.environment = environment
        self.scenario = scenario
        self.summary = summary
        self.cache = cache
        self.attacks = attacks
        self.intervals = intervals
        self.setupSeconds = setupSeconds
        self.memory = memory
        self.upstream = upstream
        self.prewarm = prewarm
    }
}

/// The result's `memory` section: the resident set sampled during the run.
package struct MemorySection: Codable, Sendable, Equatable {
    /// The sampling interval, seconds.
    package var sampleIntervalSeconds: Double
    /// `{seconds, rssBytes}` from the start of the run: 0 s right after set-up, one per interval,
    /// and the last when the workers finished.
    package var rssSamples: [RSSSample]
}

/// The result's `attacks` section.
package struct AttackSection: Codable, Sendable, Equatable {
    /// Attacks sent, by the code they must be rejected with.
    package var expected: [String: Int]
    /// Attacks that got another code (must be 0).
    package var unexpected: Int

    /// Creates a value from its stored properties.
    package init(expected: [String: Int], unexpected: Int) {
        self.expected = expected
        self.unexpected = unexpected
    }
}

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
