import BenchHarness

extension MergeInput {
    /// What `merge` keeps of a result JSON input (its histograms stay in `result`), after checking
    /// the figures it adds: counts non-negative and at most ``maxCount``, the duration positive and
    /// finite, times within ``maxSeconds``, the start within the epoch range a start can name.
    ///
    /// - Throws: `BenchError.badInput` naming the file, the JSON path and the value.
    static func result(_ document: ResultDocument, result: RunResult, file: String) throws(BenchError) -> MergeInput {
        let summary = result.summary
        func bad(_ path: String, _ value: String, _ expected: String) -> BenchError {
            .badInput("\(file): $.\(path): expected \(expected), got \(value)")
        }
        let count = "a count from 0 to \(maxCount)"
        guard (0...maxCount).contains(summary.requests) else {
            throw bad("summary.requests", "\(summary.requests)", count)
        }
        let duration = summary.durationSeconds
        guard duration.isFinite, duration > 0, duration <= maxSeconds else {
            throw bad(
                "summary.durationSeconds",
                "\(duration)",
                "a number of seconds above 0 and at most \(maxSecondsText)"
            )
        }
        for (code, value) in summary.errors where !(0...maxCount).contains(value) {
            throw bad("summary.errors.\(code)", "\(value)", count)
        }
        for (code, value) in summary.failures ?? [:] where !(0...maxCount).contains(value) {
            throw bad("summary.failures.\(code)", "\(value)", count)
        }
        if let start = summary.startEpochMillis, !ShardIdentity.startMillisRange.contains(start) {
            throw bad("summary.startEpochMillis", "\(start)", ShardIdentity.startMillisText)
        }
        for (index, interval) in result.intervals.enumerated() {
            for (key, value) in [("start", interval.startSeconds), ("length", interval.lengthSeconds)]
            where !(value.isFinite && value >= 0 && value <= maxSeconds) {
                throw bad("intervals[\(index)].\(key)", "\(value)", "a number of seconds from 0 to \(maxSecondsText)")
            }
            guard (0...maxCount).contains(interval.requests) else {
                throw bad("intervals[\(index)].requests", "\(interval.requests)", count)
            }
        }
        var identity = ShardIdentity()
        if let shard = summary.shard {
            guard let parsed = ShardIdentity.parseShard(shard) else {
                throw .badInput("\(file): $.summary.shard: expected I/N (1-based), got \"\(shard)\"")
            }
            identity.shard = parsed.index
            identity.shardCount = parsed.count
        }
        identity.fingerprint = summary.scenarioFingerprint
        identity.version = document.version
        identity.host = summary.host
        identity.startEpochMillis = summary.startEpochMillis
        identity.scenario = document.scenario
        return MergeInput(
            file: file,
            isResult: true,
            identity: identity,
            requests: summary.requests,
            window: (0, duration),
            intervals: result.intervals.map {
                .init(start: $0.startSeconds, length: $0.lengthSeconds, requests: $0.requests)
            },
            truncation: nil,
            recordsByPath: LatencyKind.byPath.allSatisfy(result.records),
            recordsByOperation: result.recordsByOperation,
            merged: result.shards
        )
    }
}
