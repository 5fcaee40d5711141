import BenchHarness

/// The checks `merge` makes on its inputs' identities before it adds anything up: one scenario,
/// one shard count, no shard twice, every shard back and whole, starts close together.
package enum MergeChecks {
    /// What the checks found that does not stop the merge.
    package struct Findings: Sendable {
        /// The coverage (nil when no input says which shard it is).
        package var shards: ShardsSection?
        /// Warnings (one line each, for standard error).
        package var warnings: [String] = []
        /// Notes on checks skipped for lack of metadata (one line each).
        package var notes: [String] = []
    }

    /// Checks `inputs` with `options`.
    ///
    /// - Throws: `BenchError.badInput` (one line naming the files) when the scenarios differ, the
    ///   shard counts differ, a shard is given twice, or, without `allowMissing`, a shard is missing
    ///   or truncated.
    package static func check(_ inputs: [MergeInput], options: MergeOptions) throws(BenchError) -> Findings {
        var findings = Findings()
        try checkScenarios(inputs)
        try checkRepeats(inputs)
        findings.warnings += inputs.filter { !$0.isResult && $0.intervals.isEmpty && $0.truncation == nil }.map {
            "\($0.file) ended normally with no measured interval: it adds nothing"
        }
        let versions = Dictionary(grouping: inputs.filter { $0.identity.version != nil }, by: { $0.identity.version! })
        if versions.count > 1 {
            let list = versions.keys.sorted().map { "\($0) (\(versions[$0]!.map(\.file).joined(separator: ", ")))" }
            findings.warnings.append("inputs were written by different versions: " + list.joined(separator: "; "))
        }
        let identified = inputs.filter { $0.identity.shard != nil }
        let unidentified = inputs.filter { $0.identity.shard == nil }.map(\.file)
        guard let first = identified.first, let count = first.identity.shardCount else {
            findings.notes.append("no input says which shard it is: coverage, truncation and start spread not checked")
            return findings
        }
        if !unidentified.isEmpty {
            findings.notes.append(
                "not checked for coverage (no shard metadata): " + unidentified.joined(separator: ", ")
            )
        }
        if let other = identified.first(where: { $0.identity.shardCount != count }) {
            throw .badInput(
                "inputs name different shard counts: \(first.identity.shardText!) in \(first.file), "
                    + "\(other.identity.shardText!) in \(other.file); merge the shards of one run"
            )
        }
        try checkDuplicates(identified, count: count)
        let present = Set(identified.compactMap(\.identity.shard)).sorted()
        var section = ShardsSection(
            expected: count,
            present: present,
            missing: (1...count).filter { !present.contains($0) },
            truncated: [],
            allowedMissing: options.allowMissing,
            unidentified: unidentified.isEmpty ? nil : unidentified
        )
        for input in identified {
            guard let truncation = input.truncation, let shard = input.identity.shard else { continue }
            section.truncated.append(.init(shard: shard, intervals: truncation.intervals, planned: truncation.planned))
        }
        section.truncated.sort { $0.shard < $1.shard }
        let starts = inputs.compactMap { input in input.identity.startEpochMillis.map { (input.file, $0) } }
        if starts.count > 1, let earliest = starts.min(by: { $0.1 < $1.1 }),
            let latest = starts.max(by: { $0.1 < $1.1 })
        {
            section.startSpreadMillis = latest.1 - earliest.1
            if count > 1, latest.1 - earliest.1 > options.maxSkewMillis {
                findings.warnings.append(
                    "start times spread by \(latest.1 - earliest.1) ms, beyond --max-skew "
                        + "\(options.maxSkewMillis)ms (earliest \(earliest.0), latest \(latest.0)): check the hosts' clocks and --start-at"
                )
            }
        }
        if !section.isComplete {
            let named = identified.filter { $0.truncation != nil }.map(\.file)
            let files = named.isEmpty ? "" : " (truncated: \(named.joined(separator: ", ")))"
            if !options.allowMissing {
                throw .badInput("\(section.coverageText)\(files); pass --allow-missing to merge what came back")
            }
        }
        findings.shards = section
        return findings
    }

    /// Two inputs with different fingerprints: one line naming both files and the scenario keys
    /// that differ (shard fields aside).
    private static func checkScenarios(_ inputs: [MergeInput]) throws(BenchError) {
        guard let first = inputs.first(where: { $0.identity.fingerprint != nil }),
            let other = inputs.first(where: {
                $0.identity.fingerprint != nil && $0.identity.fingerprint != first.identity.fingerprint
            })
        else { return }
        let keys = differingKeys(first.identity.scenario, other.identity.scenario)
        let detail =
            keys.isEmpty
            ? "no scenario key differs besides the shard fields"
            : "scenario keys differ: " + keys.joined(separator: ", ")
        throw .badInput(
            "\(first.file) and \(other.file) ran different scenarios (fingerprints \(first.identity.fingerprint!) "
                + "and \(other.identity.fingerprint!)): \(detail); merge only shards of one scenario"
        )
    }

    /// The keys whose values differ between two scenario objects, `shardIndex` and `shardCount` aside.
    package static func differingKeys(_ one: JSONValue?, _ two: JSONValue?) -> [String] {
        let mine = one?.objectValue ?? [:]
        let theirs = two?.objectValue ?? [:]
        return Set(mine.keys).union(theirs.keys).subtracting(["shardIndex", "shardCount"]).sorted().filter {
            mine[$0]?.text(.compact) != theirs[$0]?.text(.compact)
        }
    }

    /// No shard twice. With one shard (`1/1`: repetitions of an unsharded run), only the same run
    /// twice (same start and host) is a duplicate.
    private static func checkDuplicates(_ identified: [MergeInput], count: Int) throws(BenchError) {
        var seen: [String: String] = [:]
        for input in identified {
            let identity = input.identity
            var key = "\(identity.shard!)"
            if count == 1 {
                guard let start = identity.startEpochMillis else { continue }
                key += "@\(start)@\(identity.host ?? "")"
            }
            if let earlier = seen[key] {
                throw .badInput(
                    "shard \(identity.shardText!) given twice: \(earlier) and \(input.file); pass each shard once"
                )
            }
            seen[key] = input.file
        }
    }
}
