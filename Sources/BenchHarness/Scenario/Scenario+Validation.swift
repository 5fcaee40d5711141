import AuthZCore

extension Scenario {
    /// The bounds of the inputs: far beyond any real run, and low enough that no nanosecond or
    /// epoch arithmetic on them can overflow and no population outgrows its index types.
    package enum Limits {
        /// `--devices`.
        package static let devices = 1...10_000_000
        /// `--requestors`, as the flag states it; a device stores its requestor in 16 bits, hence
        /// `maxIndexed`.
        package static let requestors = 1...100_000
        /// `--mvpds`, as the flag states it (at least 2: one is left untrusted for attack traffic);
        /// a device stores its MVPD in 16 bits, hence `maxIndexed`.
        package static let mvpds = 2...100_000
        /// The most requestors or MVPDs a device's 16-bit index can name.
        package static let maxIndexed = Int(UInt16.max)
        /// `--resources`.
        package static let resources = 1...10_000_000
        /// `--capacity` of each engine cache.
        package static let capacity = 1...100_000_000
        /// `--threads`.
        package static let threads = 1...1_024
        /// `--stage-sample` (0: never).
        package static let stageSample = 0...1_000_000
        /// `--zipf`: 0 is uniform.
        package static let zipf = 0.0...10.0
        /// `--rate`: the most requests/s; the least is anything above 0.
        package static let maxRate = 100_000_000.0
        /// `--stages`: the most stages.
        package static let stages = 1_000
        /// `--duration`: at least 100 ms, so that a run holds at least one measured request.
        package static let minDurationMillis: Int64 = 100
        /// `--duration`: 30 days.
        package static let durationMillis: Int64 = 30 * 86_400_000
        /// `--warmup`, `--skew` and the `--inject-stall` period: 1 day.
        package static let warmupMillis: Int64 = 86_400_000
        /// `--authn-ttl`, `--authz-ttl`: at least 1 s (token expiry has one-second precision).
        package static let minTTLMillis: Int64 = 1_000
        /// `--authn-ttl`, `--authz-ttl`: 3650 days.
        package static let ttlMillis: Int64 = 3_650 * 86_400_000
        /// `--upstream-latency` p99: 60 s.
        package static let backendMicros = 60_000_000
        /// `--favorites` per device.
        package static let favorites = 1...1_000
        /// `--concurrency`: closed-loop sessions.
        package static let concurrency = 1...1_000_000
        /// `--upstream-max-in-flight`.
        package static let upstreamMaxInFlight = 1...16_777_216
        /// `--inject-delay`: 1 ns to 10 ms per inline answer.
        package static let injectDelayNanos: ClosedRange<Int64> = 1...10_000_000
        /// `--upstream-timeout`, the `--upstream-outage` duration and `--deny-ttl`: 1 day.
        package static let upstreamMillis: Int64 = 86_400_000
        /// `--max-start-lag`, microseconds: 1 µs to 1 hour, the longest lag a histogram records.
        package static let maxStartLagMicros: ClosedRange<Int64> = 1...3_600_000_000
    }

    /// Checks every range and consistency rule of the inputs, here only (the flag parser just reads
    /// values); throws a usage error naming the flag at the first bad one.
    ///
    /// - Parameters:
    ///   - text: the text a flag was given as on the command line, if any (`Arguments.value`), so
    ///     that a message quotes what was typed (`got '1e400'`) rather than the value read from it.
    ///   - population: whether workers will drive a built population (`run`). Only then must
    ///     requestors and MVPDs fit a device's 16-bit indexes; a sweep replays key strings and has
    ///     no such limit.
    package func validate(quoting text: (String) -> String? = { _ in nil }, population: Bool = true) throws(BenchError)
    {
        func fail(_ message: String) -> BenchError { .invalidSetting(message) }
        func expected(_ flag: String, _ value: @autoclosure () -> String) -> BenchError {
            Scenario.expects(flag, got: text(flag) ?? value())
        }
        let counts = [
            ("devices", devices, Limits.devices), ("requestors", requestors, Limits.requestors),
            ("mvpds", mvpds, Limits.mvpds), ("resources", resources, Limits.resources),
            ("capacity", capacity, Limits.capacity), ("threads", threads, Limits.threads),
            ("stage-sample", stageSample, Limits.stageSample),
        ]
        for (flag, value, range) in counts where !range.contains(value) { throw expected(flag, "\(value)") }
        if !Limits.zipf.contains(zipf) { throw expected("zipf", "\(zipf)") }
        if !(0..<1).contains(backendDenyRatio) { throw expected("upstream-deny-ratio", "\(backendDenyRatio)") }
        let shares = [
            ("get", mix.get), ("check", mix.check), ("verify", mix.verify), ("logout", mix.logout),
            ("attack", mix.attack),
        ]
        if let (name, share) = shares.first(where: { !(0...100).contains($0.1) }) {
            throw Scenario.expects("mix", got: "\(name)=\(share)")
        }
        let total = shares.reduce(0) { $0 + $1.1 }
        if total != 100 { throw fail("--mix shares must sum to 100, got \(total)") }
        if population && requestors > Limits.maxIndexed { throw fail("--requestors must be between 1 and 65535") }
        if population && mvpds > Limits.maxIndexed {
            throw fail("--mvpds must be between 2 and 65535 (one MVPD is left untrusted for attack traffic)")
        }
        try validateSchedule(quoting: text)
        if let rate = loop.rate, !(rate > 0 && rate <= Limits.maxRate) { throw expected("rate", "\(rate)") }
        if durationMillis < Limits.minDurationMillis { throw fail("--duration must be at least 100ms") }
        if durationMillis > Limits.durationMillis { throw fail("--duration must be at most 30d") }
        if warmupMillis < 0 { throw fail("--warmup must not be negative") }
        if warmupMillis > Limits.warmupMillis { throw fail("--warmup must be at most 1d") }
        if authNTTLMillis < Limits.minTTLMillis || authZTTLMillis < Limits.minTTLMillis {
            throw fail("--authn-ttl and --authz-ttl must be at least 1s (token expiry has one-second precision)")
        }
        if authNTTLMillis > Limits.ttlMillis { throw fail("--authn-ttl must be positive and at most 3650d") }
        if authZTTLMillis > Limits.ttlMillis { throw fail("--authz-ttl must be positive and at most 3650d") }
        if let skewMillis, skewMillis < 0 || skewMillis > Limits.warmupMillis {
            throw fail("--skew must be between 0 and 1d")
        }
        switch (stallMillis, stallPeriodMillis) {
        case (nil, nil): break
        case let (stall?, period?):
            if stall <= 0 || period <= stall { throw expected("inject-stall", "\(stall)ms@\(period)ms") }
            if period > Limits.warmupMillis {
                throw fail("--inject-stall DURATION@PERIOD needs 0 < DURATION < PERIOD <= 1d")
            }
        default: throw fail("--inject-stall needs both DURATION and PERIOD (DURATION@PERIOD)")
        }
        if let injectDelayNanos, !Limits.injectDelayNanos.contains(injectDelayNanos) {
            throw expected("inject-delay", "\(injectDelayNanos)ns")
        }
        if backendP99Micros < backendMedianMicros {
            throw expected("upstream-latency", "\(backendMedianMicros)us/\(backendP99Micros)us")
        }
        if backendMedianMicros < 0 || backendP99Micros > Limits.backendMicros {
            throw fail("--upstream-latency needs 0 <= median <= p99 <= 60s")
        }
        try validateUpstream(quoting: text)
        if !Limits.favorites.contains(favorites) { throw expected("favorites", "\(favorites)") }
        if let concurrency {
            if !Limits.concurrency.contains(concurrency) { throw expected("concurrency", "\(concurrency)") }
            if loop != .closed { throw fail("--concurrency sets the closed loop's sessions; it needs --closed") }
        }
        if let maxStartLagMicros, !Limits.maxStartLagMicros.contains(maxStartLagMicros) {
            throw expected("max-start-lag", "\(maxStartLagMicros)us")
        }
        if let name, NamedScenario(rawValue: name) == nil { throw expected("scenario", name) }
        if shardCount < 1 || !(0..<shardCount).contains(shardIndex) {
            throw expected("shard", "\(shardIndex &+ 1)/\(shardCount)")
        }
        if devices < shardCount {
            throw fail(
                "--shard \(text("shard") ?? "\(shardIndex + 1)/\(shardCount)"): fewer devices (\(devices)) than shards"
            )
        }
    }

    /// The rules of `--total-rate` and `--stages`: their ranges, and the open loop and the measured
    /// phase they set (`WorkloadFlags` derives both; a scenario read from a file must agree too).
    private func validateSchedule(quoting text: (String) -> String?) throws(BenchError) {
        if let totalRate {
            if !(totalRate > 0 && totalRate <= Limits.maxRate) {
                throw Scenario.expects("total-rate", got: text("total-rate") ?? "\(totalRate)")
            }
            if stages != nil {
                throw BenchError.invalidSetting(
                    "--total-rate and --stages exclude each other (stage rates are per process)"
                )
            }
            if loop != .open(rate: totalRate / Double(max(shardCount, 1))) {
                throw BenchError.invalidSetting(
                    "--total-rate \(text("total-rate") ?? "\(totalRate)"): the open loop's rate "
                        + "must be the total rate divided by the shard count (it excludes --rate and --closed)"
                )
            }
        }
        guard let stages else { return }
        let typed = text("stages")?.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if stages.isEmpty || stages.count > Limits.stages {
            throw Scenario.expects("stages", got: text("stages") ?? "\(stages.count) stages")
        }
        for (index, stage) in stages.enumerated()
        where !(0...Limits.durationMillis).contains(stage.durationMillis)
            || !(stage.rate >= 0 && stage.rate <= Limits.maxRate)
        {
            let shown =
                typed.flatMap { index < $0.count ? $0[index] : nil } ?? "\(stage.durationMillis)ms:\(stage.rate)"
            throw Scenario.expects("stages", got: shown)
        }
        let total = stages.durationMillis
        if !(Limits.minDurationMillis...Limits.durationMillis).contains(total) {
            throw Scenario.expects("stages", got: text("stages") ?? "\(total)ms in all")
        }
        if !(stages.requests > 0) {
            throw BenchError.invalidSetting(
                "--stages" + (text("stages").map { " " + $0 } ?? "")
                    + ": every rate is 0; expected at least one positive rate"
            )
        }
        if loop != .open(rate: stages.meanRate) || durationMillis != total {
            throw BenchError.invalidSetting(
                "--stages set the measured phase (the sum of their durations) and the open "
                    + "loop's mean rate; they exclude --duration, --rate, --total-rate and --closed"
            )
        }
    }

    /// The rules of the upstream's settings: refresh ahead, errors, timeout, outage, in-flight
    /// bound, deny TTL.
    private func validateUpstream(quoting text: (String) -> String?) throws(BenchError) {
        func expected(_ flag: String, _ value: @autoclosure () -> String) -> BenchError {
            Scenario.expects(flag, got: text(flag) ?? value())
        }
        if let refreshAhead, !(refreshAhead > 0 && refreshAhead < 1) {
            throw expected("refresh-ahead", "\(refreshAhead)")
        }
        if !(0...1).contains(upstreamErrorRatio) { throw expected("upstream-errors", "\(upstreamErrorRatio)") }
        if !(1...Limits.upstreamMillis).contains(upstreamTimeoutMillis) {
            throw expected("upstream-timeout", "\(upstreamTimeoutMillis)ms")
        }
        if !Limits.upstreamMaxInFlight.contains(upstreamMaxInFlight) {
            throw expected("upstream-max-in-flight", "\(upstreamMaxInFlight)")
        }
        if let denyTTLMillis, !(1...Limits.upstreamMillis).contains(denyTTLMillis) {
            throw expected("deny-ttl", "\(denyTTLMillis)ms")
        }
        switch (upstreamOutageMillis, upstreamOutageAtMillis) {
        case (nil, nil): break
        case let (outage?, at?):
            if !(1...Limits.upstreamMillis).contains(outage)
                || !(0...Limits.durationMillis + Limits.warmupMillis).contains(at)
            {
                throw expected("upstream-outage", "\(outage)ms@\(at)ms")
            }
            // An outage after the load would silently test nothing.
            let end = warmupMillis + durationMillis
            if at >= end {
                let given =
                    text("upstream-outage") ?? "\(outage)ms@\(at)ms" + (name.map { " (from --scenario \($0))" } ?? "")
                let load = LatencyText.duration(UInt64(end) * 1_000_000)
                throw BenchError.invalidSetting(
                    "--upstream-outage \(given) starts after the load ends (warm-up plus "
                        + "duration: \(load)); TIME counts from the start of the warm-up"
                )
            }
        default: throw BenchError.invalidSetting("--upstream-outage needs both DURATION and TIME (DURATION@TIME)")
        }
    }
}
