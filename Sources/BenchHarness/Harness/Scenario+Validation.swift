import AuthZCore

extension Scenario {
    /// Upper bounds on the time inputs: far beyond any real run, and low enough that no
    /// nanosecond or epoch arithmetic on them can overflow.
    package enum Limits {
        /// `--duration`: 30 days.
        package static let durationMillis: Int64 = 30 * 86_400_000
        /// `--warmup`, `--skew` and the `--inject-stall` period: 1 day.
        package static let warmupMillis: Int64 = 86_400_000
        /// `--authn-ttl`, `--authz-ttl`: 3650 days.
        package static let ttlMillis: Int64 = 3_650 * 86_400_000
        /// `--backend-latency` p99: 60 s.
        package static let backendMicros = 60_000_000
    }

    /// Checks every input; throws a usage error naming the flag at the first bad one.
    package func validate() throws(BenchError) {
        func fail(_ message: String) -> BenchError { .invalidSetting(message) }
        let shares = [mix.get, mix.check, mix.verify, mix.logout, mix.attack]
        if shares.contains(where: { $0 < 0 }) { throw fail("--mix shares must not be negative") }
        if shares.reduce(0, +) != 100 { throw fail("--mix shares must sum to 100 (they sum to \(shares.reduce(0, +)))") }
        if devices < 1 || devices > Int(UInt32.max) { throw fail("--devices must be between 1 and \(UInt32.max)") }
        if requestors < 1 || requestors > Int(UInt16.max) { throw fail("--requestors must be between 1 and 65535") }
        if mvpds < 2 || mvpds > Int(UInt16.max) {
            throw fail("--mvpds must be between 2 and 65535 (one MVPD is left untrusted for attack traffic)")
        }
        if resources < 1 || resources > Int(Int32.max) { throw fail("--resources must be between 1 and \(Int32.max)") }
        if !(zipf >= 0 && zipf.isFinite) { throw fail("--zipf must be a finite number >= 0") }
        if capacity < 1 { throw fail("--capacity must be at least 1") }
        if threads < 1 || threads > 1_024 { throw fail("--threads must be between 1 and 1024") }
        if case .open(let rate) = loop, !(rate > 0 && rate.isFinite) {
            throw fail("--rate must be a positive number of requests/s")
        }
        if durationMillis <= 0 { throw fail("--duration must be positive") }
        if durationMillis > Limits.durationMillis { throw fail("--duration must be at most 30d") }
        if warmupMillis < 0 { throw fail("--warmup must not be negative") }
        if warmupMillis > Limits.warmupMillis { throw fail("--warmup must be at most 1d") }
        switch (stallMillis, stallPeriodMillis) {
        case (nil, nil): break
        case let (stall?, period?):
            if stall <= 0 || period <= 0 || stall >= period || period > Limits.warmupMillis {
                throw fail("--inject-stall DURATION@PERIOD needs 0 < DURATION < PERIOD <= 1d")
            }
        default: throw fail("--inject-stall needs both DURATION and PERIOD (DURATION@PERIOD)")
        }
        if authNTTLMillis <= 0 || authNTTLMillis > Limits.ttlMillis { throw fail("--authn-ttl must be positive and at most 3650d") }
        if authZTTLMillis <= 0 || authZTTLMillis > Limits.ttlMillis { throw fail("--authz-ttl must be positive and at most 3650d") }
        if stageSample < 0 { throw fail("--stage-sample must be 0 (off) or a positive N") }
        if shardCount < 1 || shardIndex < 0 || shardIndex >= shardCount { throw fail("--shard I/N needs 1 <= I <= N") }
        if let skewMillis, skewMillis < 0 || skewMillis > Limits.warmupMillis { throw fail("--skew must be between 0 and 1d") }
        if backendMedianMicros < 0 || backendP99Micros < backendMedianMicros || backendP99Micros > Limits.backendMicros {
            throw fail("--backend-latency needs 0 <= median <= p99 <= 60s")
        }
        if !(0..<1).contains(backendDenyRatio) { throw fail("--deny-ratio must be at least 0 and below 1") }
        let local = Population.localCount(devices: devices, shardIndex: shardIndex, shardCount: shardCount)
        if local < 2 * threads {
            throw fail("--devices: shard \(shardIndex + 1)/\(shardCount) holds \(local) devices; each of the \(threads) "
                + "workers needs at least 2 (raise --devices or lower --threads)")
        }
    }
}
