import AuthZCore
import BenchHarness

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
}
