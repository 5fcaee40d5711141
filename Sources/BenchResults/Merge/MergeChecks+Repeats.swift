import BenchHarness

extension MergeChecks {
    /// What tells one run from another: its measured start, host, shard and requests. Two inputs
    /// with the same key hold the same run (a copy, or its `.hlog` beside its result), whatever
    /// their names; `compare` refuses a repetition given twice by the same rule.
    static func runKey(start: Int64, host: String?, shard: String?, requests: Int) -> String {
        "\(start)|\(host ?? "")|\(shard ?? "")|\(requests)"
    }

    /// Refuses an input that would be counted twice: the same file given twice (same device and
    /// inode), two inputs holding the same run (the same start, host, shard and requests: a copy,
    /// or a run's `.hlog` beside its result), and a merged result beside one of the shards it holds
    /// (the same scenario, a shard it lists, started within its start spread).
    ///
    /// - Throws: `BenchError.badInput`, one line naming both inputs.
    static func checkRepeats(_ inputs: [MergeInput]) throws(BenchError) {
        var files: [String: String] = [:]
        var runs: [String: String] = [:]
        for input in inputs {
            if let identity = input.fileIdentity {
                if let earlier = files[identity] {
                    throw .badInput(
                        "one file given twice: \(earlier) and \(input.file) are the same file, it would be counted twice; "
                            + "pass each input once"
                    )
                }
                files[identity] = input.file
            }
            guard let start = input.identity.startEpochMillis else { continue }
            let key = runKey(
                start: start,
                host: input.identity.host,
                shard: input.identity.shardText,
                requests: input.requests
            )
            if let earlier = runs[key] {
                let what = input.identity.shardText.map { "shard \($0)" } ?? "one run"
                throw .badInput(
                    "\(what) given twice: \(earlier) and \(input.file) hold the same run (start \(start), "
                        + "\(input.requests) requests), it would be counted twice; pass each input once"
                )
            }
            runs[key] = input.file
        }
        for merged in inputs {
            guard let section = merged.merged, let start = merged.identity.startEpochMillis else { continue }
            let spread = section.startSpreadMillis ?? 0
            for other in inputs {
                guard let shard = other.identity.shard, section.present.contains(shard),
                    other.identity.shardCount == section.expected,
                    let otherStart = other.identity.startEpochMillis, otherStart >= start, otherStart - start <= spread,
                    other.identity.fingerprint == merged.identity.fingerprint
                else { continue }
                throw .badInput(
                    "\(merged.file) is a merged result holding shard \(other.identity.shardText!), and \(other.file) is "
                        + "that shard: it would be counted twice; merge the shards or use the merged result, not both"
                )
            }
        }
    }
}
