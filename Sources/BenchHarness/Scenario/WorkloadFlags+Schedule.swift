import Foundation

extension WorkloadFlags {
    /// `--total-rate R` and `--stages LIST` into `s` (after `--shard`, whose count divides the total
    /// rate): each sets the open loop's rate, and `--stages` the measured phase too, so each
    /// excludes the flags that would set them otherwise (reported here, where both are seen).
    static func schedule(_ args: Arguments, into s: inout Scenario) throws(BenchError) {
        if let text = args.value("total-rate") {
            if args.value("rate") != nil {
                throw .invalidSetting("--total-rate and --rate exclude each other (--rate is the rate of one process)")
            }
            if args.flag("closed") { throw .invalidSetting("--total-rate and --closed exclude each other") }
            if args.value("stages") != nil {
                throw .invalidSetting("--total-rate and --stages exclude each other (stage rates are per process)")
            }
            guard let total = Double(text) else { throw Scenario.expects("total-rate", got: text) }
            s.totalRate = total
            // Equal shares: shard s of N takes every N-th arrival of the total schedule (`WorkerPlan`).
            s.loop = .open(rate: total / Double(max(s.shardCount, 1)))
        }
        if let text = args.value("stages") {
            for flag in ["duration", "rate"] where args.value(flag) != nil {
                throw .invalidSetting(
                    "--stages and --\(flag) exclude each other (the stages set the measured phase's "
                        + "duration and rate)"
                )
            }
            if args.flag("closed") { throw .invalidSetting("--stages and --closed exclude each other") }
            let stages = try stageList(text)
            s.stages = stages
            s.durationMillis = stages.durationMillis
            s.loop = .open(rate: stages.meanRate)
        }
    }

    /// Parses `30s:1000,60s:5000,30s:5000`: stages `DURATION:RATE` separated by commas. Whether
    /// the values are in range is `Scenario.validate()`'s rule.
    package static func stageList(_ text: String) throws(BenchError) -> [RampStage] {
        var stages: [RampStage] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, let millis = DurationText.millis(String(pair[0])), let rate = Double(pair[1]) else {
                throw Scenario.expects("stages", got: String(part))
            }
            stages.append(RampStage(durationMillis: millis, rate: rate))
        }
        return stages
    }

    /// `--shard-index-env VAR --shards N` into `s`: the shard's 0-based index from the environment
    /// variable `VAR` (Kubernetes' `JOB_COMPLETION_INDEX` in an indexed Job), the count from
    /// `--shards`; the same fields as `--shard I/N` (1-based), which it excludes.
    static func shardFromEnvironment(
        _ args: Arguments,
        _ environment: [String: String],
        into s: inout Scenario
    )
        throws(BenchError)
    {
        switch (args.value("shard-index-env"), args.value("shards")) {
        case (nil, nil):
            return
        case (nil, _?):
            throw .invalidSetting(
                "--shards needs --shard-index-env VAR (the variable holding this process's 0-based shard index)"
            )
        case (let variable?, nil):
            throw .invalidSetting("--shard-index-env \(variable) needs --shards N (the number of shards)")
        case let (variable?, count?):
            if args.value("shard") != nil { throw .invalidSetting("--shard and --shard-index-env exclude each other") }
            guard let shards = Int(count), shards >= 1 else { throw Scenario.expects("shards", got: count) }
            let expected =
                "expected this process's 0-based shard index, an integer in 0...\(shards - 1) (--shards \(shards))"
            guard let value = environment[variable] else {
                throw .invalidSetting("--shard-index-env \(variable): the variable is not set; \(expected)")
            }
            guard !value.isEmpty else {
                throw .invalidSetting("--shard-index-env \(variable): the variable is set but empty; \(expected)")
            }
            guard let index = Int(value), (0..<shards).contains(index) else {
                throw .invalidSetting("--shard-index-env \(variable)=\(value): \(expected)")
            }
            s.shardIndex = index
            s.shardCount = shards
        }
    }
}
