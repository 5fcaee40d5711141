import AuthZCore

extension Scenario {
    /// What workload flag `flag` (without `--`) expects, in the words of its usage error.
    ///
    /// Two places report a bad value of one flag: the parser (text that does not read as a value)
    /// and `validate()` (a value out of range). Both take the words from here, so that `--devices
    /// abc` and `--devices 0` read alike, and a range is stated where it is checked.
    package static func expectation(_ flag: String) -> String {
        func integer(_ range: ClosedRange<Int>) -> String { "an integer in \(range.lowerBound)...\(range.upperBound)" }
        switch flag {
        case "devices": return integer(Limits.devices)
        case "requestors": return integer(Limits.requestors)
        case "mvpds": return integer(Limits.mvpds)
        case "resources": return integer(Limits.resources)
        case "capacity": return integer(Limits.capacity)
        case "threads": return integer(Limits.threads)
        case "stage-sample": return integer(Limits.stageSample)
        case "zipf": return "an exponent between 0 (uniform) and 10"
        case "upstream-deny-ratio": return "a share at least 0 and below 1"
        case "mix": return "NAME=PERCENT pairs (e.g. get=70,check=20,verify=10)"
        case "rate": return "requests per second (a positive number)"
        case "total-rate":
            return "requests per second of the whole population, shared by the shards (a positive number)"
        case "stages":
            return "DURATION:RATE stages separated by commas (e.g. 30s:1000,60s:5000,30s:5000), at most "
                + "\(Limits.stages) of them, each RATE 0...\(Int(Limits.maxRate)) requests/s, lasting 100ms to 30d in all"
        case "shards": return "the number of shards, an integer of at least 1 (with --shard-index-env)"
        case "seed": return "a non-negative integer"
        case "alg": return "one of " + SignatureAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
        case "cache": return "one of " + CacheStrategyKind.allCases.map(\.rawValue).joined(separator: ", ")
        case "inject-stall": return "DURATION@PERIOD with DURATION < PERIOD (e.g. 200ms@2s)"
        case "inject-delay": return "a duration between 1ns and 10ms (e.g. 500ns, 2us)"
        case "upstream-latency": return "MEDIAN/P99 durations (e.g. 200ms/1s)"
        case "shard": return "I/N with 1 <= I <= N (e.g. 2/4)"
        case "favorites": return integer(Limits.favorites)
        case "arrivals": return "one of " + Arrivals.allCases.map(\.rawValue).joined(separator: ", ")
        case "concurrency": return integer(Limits.concurrency)
        case "refresh-ahead": return "a fraction of the lifetime between 0 and 1, both excluded (e.g. 0.8), or off"
        case "upstream-errors": return "a share between 0 and 1 (e.g. 0.01)"
        case "upstream-timeout": return "a duration between 1ms and 1d (e.g. 2s or 500ms)"
        case "upstream-outage":
            return "DURATION@TIME, down for DURATION (1ms to 1d) from TIME after the start of the warm-up (e.g. 5s@20s)"
        case "upstream-max-in-flight": return integer(Limits.upstreamMaxInFlight)
        case "max-start-lag": return "a duration between 1us and 1h (e.g. 10ms or 500us), or off (0 is off too)"
        case "deny-ttl": return "a duration between 1ms and 1d (e.g. 30s or 500ms), or 0 or off"
        case "scenario": return "one of " + NamedScenario.allCases.map(\.rawValue).joined(separator: ", ")
        default: return "a valid value"
        }
    }

    /// The usage error `--FLAG expects ..., got 'TEXT'`.
    package static func expects(_ flag: String, got text: String) -> BenchError {
        .invalidSetting("--\(flag) expects \(expectation(flag)), got '\(text)'")
    }
}
