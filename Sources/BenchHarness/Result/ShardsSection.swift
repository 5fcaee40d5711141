/// The merged result's `shards` section: which shards of `expected` came back, and whole.
///
/// Present when at least one input says which shard it is (`summary.shard`, the `.hlog` run line);
/// absent for files that do not.
package struct ShardsSection: Codable, Sendable, Equatable {
    /// A shard whose log ends early: killed (no end line) or with fewer intervals than planned.
    package struct Truncated: Codable, Sendable, Equatable {
        /// The 1-based shard.
        package var shard: Int
        /// The intervals its log holds.
        package var intervals: Int
        /// The intervals it planned (`plannedSeconds` rounded up; its own count when unknown).
        package var planned: Int

        /// Creates a value from its stored properties.
        package init(shard: Int, intervals: Int, planned: Int) {
            self.shard = shard
            self.intervals = intervals
            self.planned = planned
        }
    }

    /// The shard count `N` the inputs name.
    package var expected: Int
    /// The 1-based shards given, ascending.
    package var present: [Int]
    /// The 1-based shards not given, ascending.
    package var missing: [Int]
    /// The shards whose log ends early, ascending.
    package var truncated: [Truncated]
    /// Whether `--allow-missing` let an incomplete set merge.
    package var allowedMissing: Bool
    /// The spread of the inputs' measured-phase starts, milliseconds (absent when unknown).
    package var startSpreadMillis: Int64? = nil
    /// Inputs that do not say which shard they are (absent when there is none).
    package var unidentified: [String]? = nil

    /// Creates a value from its stored properties.
    package init(
        expected: Int,
        present: [Int],
        missing: [Int],
        truncated: [Truncated],
        allowedMissing: Bool,
        startSpreadMillis: Int64? = nil,
        unidentified: [String]? = nil
    ) {
        self.expected = expected
        self.present = present
        self.missing = missing
        self.truncated = truncated
        self.allowedMissing = allowedMissing
        self.startSpreadMillis = startSpreadMillis
        self.unidentified = unidentified
    }

    /// Whether every shard came back whole.
    package var isComplete: Bool { missing.isEmpty && truncated.isEmpty }

    /// `shards 7/8, missing: 3; truncated: 5 (12 of 20 intervals, 8 missing)`: the coverage on one line.
    package var coverageText: String {
        var text = "shards \(present.count - truncated.count)/\(expected)"
        if !missing.isEmpty { text += ", missing: " + missing.map(String.init).joined(separator: ",") }
        if !truncated.isEmpty {
            text +=
                "; truncated: "
                + truncated.map {
                    "\($0.shard) (\($0.intervals) of \($0.planned) intervals, \(Swift.max($0.planned - $0.intervals, 0)) missing)"
                }.joined(separator: ", ")
        }
        return text
    }
}
