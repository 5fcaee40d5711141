import AuthZCore

extension WorkloadFlags {
    /// The shard (first: `--total-rate` divides by its count), the loop, the phases, the start-lag bound.
    static let schedule: [WorkloadFlag] = [
        WorkloadFlag("shard", "I/N").help("run only slice I (1-based) of N of the device population")
            .expects("I/N with 1 <= I <= N (e.g. 2/4)")
            .field(ScenarioField("shardIndex", \.shardIndex, .required))
            .field(ScenarioField("shardCount", \.shardCount, .required))
            .reads { text, scenario, _ throws(BenchError) in
                let (index, count) = try WorkloadFlag.pair(text, "shard", "/") { Int($0) }
                scenario.shardIndex = index &- 1  // wrapping: an index out of range stays out of range for the check
                scenario.shardCount = count
            }
            .rule { scenario, checking throws(BenchError) in
                let (index, count) = (scenario.shardIndex, scenario.shardCount)
                if count < 1 || !(0..<count).contains(index) {
                    throw WorkloadFlag.table("shard").expects(checking, "\(index &+ 1)/\(count)")
                }
                if scenario.devices < count {
                    let shard = checking.text("shard") ?? "\(index + 1)/\(count)"
                    throw .invalidSetting("--shard \(shard): fewer devices (\(scenario.devices)) than shards")
                }
            },
        WorkloadFlag("shard-index-env", "VAR")
            .help("the same as --shard with the 0-based I from variable VAR (JOB_COMPLETION_INDEX), N from --shards")
            .expects("the name of the variable holding this process's 0-based shard index")
            .reads(shardFromEnvironment),
        WorkloadFlag("shards", "N", layout: .withPrevious).help("the number of shards, with --shard-index-env")
            .expects("the number of shards, an integer of at least 1 (with --shard-index-env)")
            .reads { _, _, reading throws(BenchError) in
                guard reading.given("shard-index-env") else {
                    throw .invalidSetting(
                        "--shards needs --shard-index-env VAR (the variable holding this process's 0-based shard index)"
                    )
                }
            },
        WorkloadFlag("rate", "R").help("target total requests per second of this process (open loop, the default)")
            .expects("requests per second (a positive number)")
            .excludes("closed", "--rate and --closed exclude each other")
            .field(loop)
            .shows { $0.loop.rate.map(DurationText.number) }
            .reads { text, scenario, _ throws(BenchError) in
                scenario.loop = .open(rate: try WorkloadFlag.parse(text, "rate") { Double($0) })
            }
            .rule { scenario, checking throws(BenchError) in
                // `--total-rate` and `--stages` check the rate they set themselves.
                guard scenario.totalRate == nil, scenario.stages == nil, let rate = scenario.loop.rate else { return }
                if !(rate > 0 && rate <= maxRate) { throw WorkloadFlag.table("rate").expects(checking, "\(rate)") }
                try checkOneRequest(rate, per: 1, scenario, flag: "rate", checking)
            },
        WorkloadFlag("total-rate", "R", layout: .orPrevious)
            .help("target requests per second of the N shards together: each runs R/N of one schedule at R")
            .expects("requests per second of the whole population, shared by the shards (a positive number)")
            .excludes("rate", "--total-rate and --rate exclude each other (--rate is the rate of one process)")
            .excludes("closed", "--total-rate and --closed exclude each other")
            .excludes("stages", "--total-rate and --stages exclude each other (stage rates are per process)")
            .field(ScenarioField(optional: "totalRate", \.totalRate))
            .reads { text, scenario, _ throws(BenchError) in
                let total = try WorkloadFlag.parse(text, "total-rate") { Double($0) }
                scenario.totalRate = total
                // Equal shares: shard s of N takes every N-th arrival of the total schedule (`WorkerPlan`).
                scenario.loop = .open(rate: total / Double(max(scenario.shardCount, 1)))
            }
            .rule { scenario, checking throws(BenchError) in
                guard let total = scenario.totalRate else { return }
                if !(total > 0 && total <= maxRate) {
                    throw WorkloadFlag.table("total-rate").expects(checking, "\(total)")
                }
                try checkOneRequest(total, per: scenario.shardCount, scenario, flag: "total-rate", checking)
                if scenario.stages != nil {
                    throw .invalidSetting("--total-rate and --stages exclude each other (stage rates are per process)")
                }
                if scenario.loop != .open(rate: total / Double(max(scenario.shardCount, 1))) {
                    throw .invalidSetting(
                        "--total-rate \(checking.text("total-rate") ?? "\(total)"): the open loop's rate "
                            + "must be the total rate divided by the shard count (it excludes --rate and --closed)"
                    )
                }
            },
        WorkloadFlag("stages", "LIST", layout: .orPrevious)
            .help("DURATION:RATE,... linear ramps of this process's rate from 0 (0s:R: a step), the measured phase")
            .expects(
                "DURATION:RATE stages separated by commas (e.g. 30s:1000,60s:5000,30s:5000), at most \(maxStages) of "
                    + "them, each RATE 0...\(Int(maxRate)) requests/s, lasting 100ms to 30d in all"
            )
            .excludes("duration", stagesExclude("duration"))
            .excludes("rate", stagesExclude("rate"))
            .excludes("closed", "--stages and --closed exclude each other")
            .field(ScenarioField(optional: "stages", \.stages))
            .reads { text, scenario, _ throws(BenchError) in
                let stages = try stageList(text)
                scenario.stages = stages
                scenario.durationMillis = stages.durationMillis
                scenario.loop = .open(rate: stages.meanRate)
            }
            .rule(checkStages),
        // `--rate` and `--stages`, read before, refuse it.
        WorkloadFlag("closed", nil, layout: .orPrevious)
            .help("closed loop: each session sends its next request when its last one is done")
            .reads { _, scenario, _ throws(BenchError) in
                scenario.loop = .closed
                // The closed loop sends when the last request is done: it has no start lag to bound.
                scenario.maxStartLagMicros = nil
            },
        WorkloadFlag("concurrency", "N", layout: .insidePrevious).help("closed-loop sessions (default one per worker)")
            .optional(\.concurrency, .integer, key: "concurrency", valid: { (1...1_000_000).contains($0) })
            .expects(WorkloadFlag.integers(1...1_000_000))
            .rule { scenario, _ throws(BenchError) in
                if scenario.concurrency != nil, scenario.loop != .closed {
                    throw .invalidSetting("--concurrency sets the closed loop's sessions; it needs --closed")
                }
            },
        openLoopChoice(
            "arrivals",
            \.arrivals,
            closedValue: .uniform,
            help: "the open loop's arrivals: evenly spaced (uniform) or a Poisson process of the same rate",
            message: arrivalsExcludeClosed
        ),
        openLoopChoice(
            "pacing",
            \.pacing,
            closedValue: .sleep,
            help: "how the open loop waits for a request's due time: sleep while far, or spin the whole gap",
            message: pacingExcludesClosed
        ),
        WorkloadFlag("cold", nil)
            .help("start from empty caches (default: every device authorized for its favourites, untimed)")
            .field(ScenarioField("cold", \.cold, .later))
            .reads { _, scenario, _ throws(BenchError) in scenario.cold = true },
        WorkloadFlag("duration", "D").help("the measured phase")
            .value(\.durationMillis, .millis, key: "durationMillis")
            .rule { scenario, _ throws(BenchError) in
                if scenario.durationMillis < minDurationMillis {
                    throw .invalidSetting("--duration must be at least 100ms")
                }
                if scenario.durationMillis > maxDurationMillis {
                    throw .invalidSetting("--duration must be at most 30d")
                }
            },
        WorkloadFlag("warmup", "D").help("the warm-up before it, reported apart")
            .value(\.warmupMillis, .millis, key: "warmupMillis")
            .rule { scenario, _ throws(BenchError) in
                if scenario.warmupMillis < 0 { throw .invalidSetting("--warmup must not be negative") }
                if scenario.warmupMillis > day { throw .invalidSetting("--warmup must be at most 1d") }
            },
        WorkloadFlag("max-start-lag", "D|off")
            .help("the open loop's run is invalid (exit 7) when its start lag p99 exceeds D (off or 0: not checked)")
            .excludes(
                "closed",
                "--max-start-lag bounds the open loop's start lag; the closed loop has none (it excludes --closed)"
            )
            .optional(\.maxStartLagMicros, .micros, key: "maxStartLagMicros", off: ["off", "0"], zero: 0) {
                (1...3_600_000_000).contains($0)
            }
            .expects("a duration between 1us and 1h (e.g. 10ms or 500us), or off (0 is off too)"),
    ]

    /// The most requests/s a rate may be; the least is anything above 0.
    package static let maxRate = 100_000_000.0
    /// The shortest measured phase (`--duration`, and `capacity`'s `--step-duration`), milliseconds.
    package static let minDurationMillis: Int64 = 100
    /// The longest measured phase, milliseconds (30 days).
    package static let maxDurationMillis: Int64 = 30 * day
    /// The most stages of `--stages`.
    static let maxStages = 1_000

    /// A choice only the open loop makes (`--arrivals`, `--pacing`), written under its own name:
    /// refused beside `--closed`, and in a closed-loop scenario (a named scenario may set it too)
    /// unless it is `closedValue`, the one that means nothing there.
    static func openLoopChoice<Choice: RawRepresentable<String> & CaseIterable & Sendable & Equatable>(
        _ name: String,
        _ path: WritableKeyPath<Scenario, Choice> & Sendable,
        closedValue: Choice,
        help: String,
        message: String
    ) -> WorkloadFlag {
        WorkloadFlag(name, Choice.allCases.map(\.rawValue).joined(separator: "|"))
            .help(help)
            .excludes("closed", message)
            .choice(path, key: name, .later)
            .rule { scenario, _ throws(BenchError) in
                if scenario.loop == .closed, scenario[keyPath: path] != closedValue {
                    throw .invalidSetting(message)
                }
            }
    }

    /// The message of `--arrivals` in closed loop.
    static let arrivalsExcludeClosed =
        "--arrivals sets how the open loop's requests arrive; the closed loop sends each when the last is done "
        + "(it excludes --closed)"

    /// The message of `--pacing` in closed loop.
    static let pacingExcludesClosed =
        "--pacing sets how the open loop waits for a request's due time; the closed loop never waits "
        + "(it excludes --closed)"

    /// Refuses an open-loop rate (`flag`'s, shared by `shares` processes) that sends no request
    /// to a process in the measured phase: its figures would be of nothing.
    static func checkOneRequest(
        _ rate: Double,
        per shares: Int,
        _ scenario: Scenario,
        flag: String,
        _ checking: WorkloadFlag.Checking
    ) throws(BenchError) {
        let seconds = Double(scenario.durationMillis) / 1_000
        guard rate * seconds < Double(max(shares, 1)) else { return }
        let phase = DurationText.text(millis: scenario.durationMillis)
        let each = shares > 1 ? " for each of the \(shares) shards" : ""
        throw .invalidSetting(
            "--\(flag) \(checking.text(flag) ?? DurationText.number(rate)): not one request\(each) in the \(phase) "
                + "measured phase; expected a rate that sends at least one (rate x duration >= \(max(shares, 1)))"
        )
    }

    /// The message of `--stages` beside `--duration` or `--rate`.
    static func stagesExclude(_ flag: String) -> String {
        "--stages and --\(flag) exclude each other (the stages set the measured phase's duration and rate)"
    }

    /// `--shard-index-env VAR --shards N`: `--shard I/N`'s fields, the 0-based I from variable `VAR`
    /// (Kubernetes' `JOB_COMPLETION_INDEX`).
    @Sendable static func shardFromEnvironment(
        _ variable: String,
        _ scenario: inout Scenario,
        _ reading: WorkloadFlag.Reading
    ) throws(BenchError) {
        guard let count = reading.args.value("shards") else {
            throw .invalidSetting("--shard-index-env \(variable) needs --shards N (the number of shards)")
        }
        if reading.given("shard") { throw .invalidSetting("--shard and --shard-index-env exclude each other") }
        guard let shards = Int(count), shards >= 1 else { throw expects("shards", got: count) }
        let expected =
            "expected this process's 0-based shard index, an integer in 0...\(shards - 1) (--shards \(shards))"
        guard let value = reading.environment[variable] else {
            throw .invalidSetting("--shard-index-env \(variable): the variable is not set; \(expected)")
        }
        guard !value.isEmpty else {
            throw .invalidSetting("--shard-index-env \(variable): the variable is set but empty; \(expected)")
        }
        guard let index = Int(value), (0..<shards).contains(index) else {
            throw .invalidSetting("--shard-index-env \(variable)=\(value): \(expected)")
        }
        scenario.shardIndex = index
        scenario.shardCount = shards
    }

    /// `--stages`' rules: their number and ranges, a positive rate, and the loop and phase they set.
    @Sendable static func checkStages(_ scenario: Scenario, _ checking: WorkloadFlag.Checking) throws(BenchError) {
        guard let stages = scenario.stages else { return }
        let flag = WorkloadFlag.table("stages")
        let typed = checking.text("stages")?.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if stages.isEmpty || stages.count > maxStages { throw flag.expects(checking, "\(stages.count) stages") }
        for (index, stage) in stages.enumerated()
        where !(0...30 * day).contains(stage.durationMillis) || !(stage.rate >= 0 && stage.rate <= maxRate) {
            throw flag.expects(
                got: typed.flatMap { index < $0.count ? $0[index] : nil } ?? "\(stage.durationMillis)ms:\(stage.rate)"
            )
        }
        let total = stages.durationMillis
        if !(100...30 * day).contains(total) { throw flag.expects(checking, "\(total)ms in all") }
        if !(stages.requests > 0) {
            throw .invalidSetting(
                "--stages" + (checking.text("stages").map { " " + $0 } ?? "")
                    + ": every rate is 0; expected at least one positive rate"
            )
        }
        if stages.requests < 1 {
            throw .invalidSetting(
                "--stages" + (checking.text("stages").map { " " + $0 } ?? "")
                    + ": the stages send \(DurationText.number(stages.requests)) requests in all, not one; expected "
                    + "rates and durations that send at least one"
            )
        }
        if scenario.loop != .open(rate: stages.meanRate) || scenario.durationMillis != total {
            throw .invalidSetting(
                "--stages set the measured phase (the sum of their durations) and the open loop's mean rate; they "
                    + "exclude --duration, --rate, --total-rate and --closed"
            )
        }
    }

    /// Parses `30s:1000,60s:5000,30s:5000`: stages `DURATION:RATE` separated by commas.
    package static func stageList(_ text: String) throws(BenchError) -> [RampStage] {
        var stages: [RampStage] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, let millis = DurationText.millis(String(pair[0])), let rate = Double(pair[1]) else {
                throw expects("stages", got: String(part))
            }
            stages.append(RampStage(durationMillis: millis, rate: rate))
        }
        return stages
    }

    /// The loop's members: `closedLoop` (a Bool) beside `rate`, absent in closed loop, as the
    /// scenario was written before the loop had a type; an open loop must have its `rate`.
    static let loop = ScenarioField(
        keys: ["rate", "closedLoop"],
        encode: { scenario, container in
            try container.encode(scenario.loop == .closed, forKey: AnyKey("closedLoop"))
            try container.encodeIfPresent(scenario.loop.rate, forKey: AnyKey("rate"))
        },
        decode: { scenario, container in
            scenario.loop =
                try container.decode(Bool.self, forKey: AnyKey("closedLoop"))
                ? .closed : .open(rate: try container.decode(Double.self, forKey: AnyKey("rate")))
        }
    )
}
