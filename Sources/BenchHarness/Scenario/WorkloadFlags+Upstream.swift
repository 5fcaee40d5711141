import AuthZCore

extension WorkloadFlags {
    /// The simulated upstream and the engine's settings for it.
    static let upstream: [WorkloadFlag] = [
        WorkloadFlag("upstream-latency", "M/P", alias: "backend-latency")
            .help("simulated upstream latency, log-normal median/p99 (equal values: constant)")
            .expects("MEDIAN/P99 durations (e.g. 200ms/1s)")
            .field(ScenarioField("backendMedianMicros", \.backendMedianMicros, .required))
            .field(ScenarioField("backendP99Micros", \.backendP99Micros, .required))
            .shows {
                "\(DurationText.text(micros: Int64($0.backendMedianMicros)))/\(DurationText.text(micros: Int64($0.backendP99Micros)))"
            }
            .reads { text, scenario, _ throws(BenchError) in
                let (median, p99) = try WorkloadFlag.pair(text, "upstream-latency", "/", DurationText.micros)
                scenario.backendMedianMicros = Int(median)
                scenario.backendP99Micros = Int(p99)
            }
            .rule { scenario, checking throws(BenchError) in
                let (median, p99) = (scenario.backendMedianMicros, scenario.backendP99Micros)
                if p99 < median {
                    throw WorkloadFlag.table("upstream-latency").expects(checking, "\(median)us/\(p99)us")
                }
                if median < 0 || p99 > 60_000_000 {
                    throw .invalidSetting("--upstream-latency needs 0 <= median <= p99 <= 60s")
                }
            },
        WorkloadFlag("upstream-deny-ratio", "X", alias: "deny-ratio")
            .help("share of (requestor, resource, MVPD) combinations the upstream denies")
            .value(\.backendDenyRatio, .number, key: "backendDenyRatio", valid: { (0..<1).contains($0) })
            .expects("a share at least 0 and below 1"),
        WorkloadFlag("refresh-ahead", "F|off")
            .help("refresh a cached authorization hit past F of its lifetime (0 < F < 1; off: never)")
            .optional(\.refreshAhead, .number, key: "refreshAhead", nullable: true, off: ["off"]) { $0 > 0 && $0 < 1 }
            .expects("a fraction of the lifetime between 0 and 1, both excluded (e.g. 0.8), or off"),
        WorkloadFlag("upstream-errors", "X")
            .help("share of upstream calls answered with an error (UPSTREAM_UNAVAILABLE)")
            .value(\.upstreamErrorRatio, .number, key: "upstreamErrorRatio", .later, valid: { (0...1).contains($0) })
            .expects("a share between 0 and 1 (e.g. 0.01)"),
        WorkloadFlag("upstream-timeout", "D").help("the engine's timeout per upstream call")
            .value(\.upstreamTimeoutMillis, .millis, key: "upstreamTimeoutMillis", .later) { (1...day).contains($0) }
            .expects("a duration between 1ms and 1d (e.g. 2s or 500ms)"),
        WorkloadFlag("upstream-outage", "D@T")
            .help("the upstream refuses every call for D from T after the start of the warm-up")
            .expects(
                "DURATION@TIME, down for DURATION (1ms to 1d) from TIME after the start of the warm-up (e.g. 5s@20s)"
            )
            .pair(
                \.upstreamOutageMillis,
                \.upstreamOutageAtMillis,
                .millis,
                keys: ("upstreamOutageMillis", "upstreamOutageAtMillis")
            )
            .rule(checkOutage),
        WorkloadFlag("upstream-max-in-flight", "N").help("the engine's bound on upstream calls in flight")
            .integer(\.upstreamMaxInFlight, in: 1...16_777_216, key: "upstreamMaxInFlight", .later),
        WorkloadFlag("deny-ttl", "D|off")
            .help("cache an upstream denial (NOT_AUTHORIZED) for D, answered inline (default off; 0 is off too)")
            .optional(\.denyTTLMillis, .millis, key: "denyTTLMillis", off: ["off", "0"], zero: 0) {
                (1...day).contains($0)
            }
            .expects("a duration between 1ms and 1d (e.g. 30s or 500ms), or 0 or off"),
    ]

    /// `--upstream-outage`'s rules: both parts, each in range, and a start before the load ends (an
    /// outage after the load would silently test nothing).
    @Sendable static func checkOutage(_ scenario: Scenario, _ checking: WorkloadFlag.Checking) throws(BenchError) {
        switch (scenario.upstreamOutageMillis, scenario.upstreamOutageAtMillis) {
        case (nil, nil): return
        case let (outage?, at?):
            if !(1...day).contains(outage) || !(0...31 * day).contains(at) {
                throw WorkloadFlag.table("upstream-outage").expects(checking, "\(outage)ms@\(at)ms")
            }
            let end = scenario.warmupMillis + scenario.durationMillis
            if at >= end {
                let given =
                    checking.text("upstream-outage") ?? "\(outage)ms@\(at)ms"
                    + (scenario.name.map { " (from --scenario \($0))" } ?? "")
                throw .invalidSetting(
                    "--upstream-outage \(given) starts after the load ends (warm-up plus duration: "
                        + "\(LatencyText.duration(UInt64(end) * 1_000_000))); TIME counts from the start of the warm-up"
                )
            }
        default: throw .invalidSetting("--upstream-outage needs both DURATION and TIME (DURATION@TIME)")
        }
    }

    /// Fault injection and gate calibration: never for a figure anyone reports.
    static let calibration: [WorkloadFlag] = [
        WorkloadFlag("inject-stall", "D@P")
            .help("every worker's engine call blocks for D once every period P (e.g. 200ms@2s)")
            .expects("DURATION@PERIOD with DURATION < PERIOD (e.g. 200ms@2s)")
            .pair(\.stallMillis, \.stallPeriodMillis, .millis, keys: ("stallMillis", "stallPeriodMillis"))
            .rule { scenario, checking throws(BenchError) in
                switch (scenario.stallMillis, scenario.stallPeriodMillis) {
                case (nil, nil): return
                case let (stall?, period?):
                    if stall <= 0 || period <= stall {
                        throw WorkloadFlag.table("inject-stall").expects(checking, "\(stall)ms@\(period)ms")
                    }
                    if period > day {
                        throw .invalidSetting("--inject-stall DURATION@PERIOD needs 0 < DURATION < PERIOD <= 1d")
                    }
                default: throw .invalidSetting("--inject-stall needs both DURATION and PERIOD (DURATION@PERIOD)")
                }
            },
        WorkloadFlag("inject-delay", "D|D@OP,...", scope: .calibration)
            .help("busy-wait D (1ns to 10ms) in every answer given inline, as if the hot path cost D more")
            .help("(scripts/gate-sensitivity.sh); D@OP: only in operation OP's (\(operationNames)), e.g.")
            .help("2us@check,5us@get, beside at most one plain D for the operations not named")
            .expects("a duration between 1ns and 10ms (e.g. 500ns, 2us)")
            .field(ScenarioField(optional: "injectDelayNanos", \.injectDelayNanos))
            .field(ScenarioField(optional: "injectDelayNanosByOperation", \.injectDelayNanosByOperation))
            .reads(readInjectDelay)
            .rule { scenario, checking throws(BenchError) in
                let flag = WorkloadFlag.table("inject-delay")
                if let nanos = scenario.injectDelayNanos, !(1...10_000_000).contains(nanos) {
                    throw flag.expects(checking, "\(nanos)ns")
                }
                for (name, nanos) in (scenario.injectDelayNanosByOperation ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard OperationKind(name: name) != nil else {
                        throw .invalidSetting("--inject-delay: unknown operation '\(name)'; expected \(operationNames)")
                    }
                    if !(1...10_000_000).contains(nanos) { throw flag.expects(checking, "\(nanos)ns@\(name)") }
                }
            },
    ]

    /// `--inject-delay D`, `D@OP` or a list of them: at most one plain D (every operation), each
    /// operation named once.
    @Sendable static func readInjectDelay(
        _ text: String,
        _ scenario: inout Scenario,
        _ reading: WorkloadFlag.Reading
    ) throws(BenchError) {
        var every: Int64?
        var byOperation: [String: Int64] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let parts = item.split(separator: "@", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, let nanos = DurationText.nanos(parts[0]) else {
                throw expects("inject-delay", got: item)
            }
            guard parts.count == 2 else {
                guard every == nil else {
                    throw .invalidSetting("--inject-delay \(text): at most one D for every operation, then D@OP")
                }
                every = nanos
                continue
            }
            guard let kind = OperationKind(name: parts[1]) else {
                throw .invalidSetting("--inject-delay: unknown operation '\(parts[1])'; expected \(operationNames)")
            }
            guard byOperation.updateValue(nanos, forKey: kind.name) == nil else {
                throw .invalidSetting("--inject-delay names '\(kind.name)' twice")
            }
        }
        scenario.injectDelayNanos = every
        scenario.injectDelayNanosByOperation = byOperation.isEmpty ? nil : byOperation
    }
}
