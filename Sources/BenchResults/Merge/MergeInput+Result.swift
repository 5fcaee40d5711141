import BenchHarness

extension MergeInput {
    /// What `merge` keeps of a result JSON input (its histograms stay in `result`). The document's
    /// own checks (`ResultDocument.check`) have put every figure in its range; a merge also needs
    /// a measured phase of some length.
    ///
    /// - Throws: `BenchError.badInput` naming the file, the JSON path and the value.
    static func result(_ document: ResultDocument, result: RunResult, file: String) throws(BenchError) -> MergeInput {
        let summary = result.summary
        let duration = summary.durationSeconds
        guard duration > 0 else {
            throw .badInput(
                "\(file): $.summary.durationSeconds: expected a number of seconds above 0 and at most "
                    + "\(maxSecondsText), got \(duration)"
            )
        }
        var identity = ShardIdentity()
        if let shard = summary.shard.flatMap(ShardIdentity.parseShard) {
            identity.shard = shard.index
            identity.shardCount = shard.count
        }
        identity.fingerprint = summary.scenarioFingerprint
        identity.version = document.version
        identity.host = summary.host
        identity.startEpochMillis = summary.startEpochMillis
        identity.scenario = document.scenario
        var input = MergeInput(
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
        input.verdict = Verdict(
            valid: summary.valid,
            invalidReasons: summary.invalidReasons,
            interrupted: summary.interrupted
        )
        // A run stopped by a signal holds fewer intervals than it planned: truncated, as its log would be.
        if summary.interrupted != nil, let planned = plannedIntervals(document), result.intervals.count < planned {
            input.truncation = (result.intervals.count, planned)
        }
        return input
    }

    /// The measured seconds the scenario planned, rounded up (nil when the scenario does not say).
    private static func plannedIntervals(_ document: ResultDocument) -> Int? {
        let value = document.scenario.objectValue?["durationMillis"]
        let millis: Double
        switch value {
        case .integer(let number): millis = Double(number)
        case .unsigned(let number): millis = Double(number)
        case .number(let number): millis = number
        default: return nil
        }
        guard millis.isFinite, millis > 0, millis <= maxSeconds * 1000 else { return nil }
        return Int((millis / 1000).rounded(.up))
    }
}
