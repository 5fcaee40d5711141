import BenchHarness

/// Who wrote a merge input: its shard, scenario fingerprint, version and start, as the result's
/// `summary` or the `.hlog`'s `#[authz-bench-run: ...]` line gives them.
///
/// Every field is optional: files written before they existed, and logs of other tools, still merge;
/// the checks that need a missing field are skipped (see `MergeChecks`).
package struct ShardIdentity: Sendable, Equatable {
    /// The 1-based shard, `I` of `I/N`.
    package var shard: Int?
    /// The shard count, `N` of `I/N`.
    package var shardCount: Int?
    /// `Scenario.fingerprint` of the run.
    package var fingerprint: String?
    /// `BenchVersion.current` of the writer.
    package var version: String?
    /// The host that ran it.
    package var host: String?
    /// Wall-clock start of the measured phase, Unix epoch milliseconds.
    package var startEpochMillis: Int64?
    /// The measured phase the run planned, seconds (logs only: a result is complete by construction).
    package var plannedSeconds: Double?
    /// The scenario object (`scenario` of a result, `#[authz-bench-scenario: ...]` of a log).
    package var scenario: JSONValue?

    /// The measured-phase starts an input may give, Unix epoch milliseconds: from the epoch to the
    /// last instant whose nanoseconds fit 64 bits (2262), as `run --start-at` takes them. The
    /// spread of any two such starts is then computed without overflow.
    package static let startMillisRange: ClosedRange<Int64> = 0...9_223_372_036_854
    /// ``startMillisRange`` as messages print it.
    package static let startMillisText = "Unix epoch milliseconds from 0 to 9223372036854"

    /// An identity with every field unknown.
    package init() {}

    /// `I/N` when both are known.
    package var shardText: String? {
        guard let shard, let shardCount else { return nil }
        return "\(shard)/\(shardCount)"
    }

    /// The most shards a run can have: one device each, at most `WorkloadFlags.maxDevices`.
    package static let maxShards = WorkloadFlags.maxDevices
    /// What a shard field must be, as messages say it.
    package static let shardForm = "I/N (1-based, N at most \(maxShards), the most devices a run has)"

    /// Parses `I/N` (1-based, 1 <= I <= N <= ``maxShards``); nil when `text` has another shape or a
    /// shard count no run can have.
    package static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...maxShards).contains(count),
            (1...count).contains(index)
        else { return nil }
        return (index, count)
    }
}
