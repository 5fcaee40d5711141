import AuthZCore

extension WorkloadFlags {
    /// The named scenario, the simulated population and its traffic.
    static let population: [WorkloadFlag] = [
        WorkloadFlag("scenario", NamedScenario.allCases.map(\.rawValue).joined(separator: "|"))
            .help("start from a named scenario; the other flags given override it. Each sets flags over run's")
            .help("defaults (2,000 req/s, 10,000 devices, upstream 200ms/1s):")
            .help(NamedScenario.allCases.map { "  \($0.rawValue): \($0.flags)" }.joined(separator: "\n"))
            .expects("one of " + NamedScenario.allCases.map(\.rawValue).joined(separator: ", "))
            .field(ScenarioField(optional: "name", \.name))
            .reads { text, scenario, reading throws(BenchError) in
                let named = try WorkloadFlag.parse(text, "scenario") { NamedScenario(rawValue: $0.lowercased()) }
                try named.apply(to: &scenario, environment: reading.environment)
            }
            .rule { scenario, checking throws(BenchError) in
                if let name = scenario.name, NamedScenario(rawValue: name) == nil {
                    throw WorkloadFlag.table("scenario").expects(checking, name)
                }
            },
        WorkloadFlag("devices", "N", scope: .population)
            .help("simulated devices in the whole population (all the shards)")
            .integer(\.devices, in: 1...10_000_000, key: "devices"),
        WorkloadFlag("requestors", "N", scope: .population)
            .help("requestors (the programmers' applications); 16 bits per device")
            .integer(\.requestors, in: 1...100_000, key: "requestors")
            .rule { scenario, checking throws(BenchError) in
                if checking.population && scenario.requestors > Int(UInt16.max) {
                    throw .invalidSetting("--requestors must be between 1 and 65535")
                }
            },
        WorkloadFlag("mvpds", "N", scope: .population)
            .help("MVPDs (identity providers), one left untrusted for attack traffic; 16 bits per device")
            .integer(\.mvpds, in: 2...100_000, key: "mvpds")
            .rule { scenario, checking throws(BenchError) in
                if checking.population && scenario.mvpds > Int(UInt16.max) {
                    throw .invalidSetting(
                        "--mvpds must be between 2 and 65535 (one MVPD is left untrusted for attack traffic)"
                    )
                }
            },
        WorkloadFlag("resources", "N", scope: .population).help("protected resources")
            .integer(\.resources, in: 1...10_000_000, key: "resources"),
        WorkloadFlag("zipf", "S", scope: .population).help("Zipf exponent of the resources' popularity (0: uniform)")
            .value(\.zipf, .number, key: "zipf", valid: { (0.0...10.0).contains($0) })
            .expects("an exponent between 0 (uniform) and 10"),
        WorkloadFlag("favorites", "K").help("favourite resources per device, drawn from the Zipf popularity")
            .integer(\.favorites, in: 1...1_000, key: "favorites", .later),
        WorkloadFlag("mix", "get=70,check=20,verify=10,logout=0,attack=0", scope: .population)
            .help("the operations in percent, summing to 100; a share not named is 0")
            .expects("NAME=PERCENT pairs (e.g. get=70,check=20,verify=10)")
            .field(ScenarioField("mix", \.mix, .required))
            .reads { text, scenario, _ throws(BenchError) in scenario.mix = try WorkloadFlags.mix(text) }
            .rule { scenario, _ throws(BenchError) in
                let mix = scenario.mix
                if let kind = OperationKind.allCases.first(where: { !(0...100).contains(mix[$0]) }) {
                    throw WorkloadFlags.expects("mix", got: "\(kind.name)=\(mix[kind])")
                }
                let total = OperationKind.allCases.reduce(0) { $0 + mix[$1] }
                if total != 100 { throw .invalidSetting("--mix shares must sum to 100, got \(total)") }
            },
        WorkloadFlag("seed", "N", scope: .population)
            .help("seed of the population and the operations; the engine's cache hash key stays random per process")
            .value(\.seed, .unsigned, key: "seed"),
    ]

    /// Parses `get=70,check=20,verify=10,logout=0,attack=0` (missing shares are 0).
    package static func mix(_ text: String) throws(BenchError) -> OperationMix {
        var mix = OperationMix(get: 0, check: 0, verify: 0, logout: 0, attack: 0)
        var seen: Set<String> = []
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let share = Int(pair[1]) else { throw expects("mix", got: String(part)) }
            let name = String(pair[0])
            guard seen.insert(name).inserted else { throw BenchError.invalidSetting("--mix names '\(name)' twice") }
            guard let kind = OperationKind(name: name) else {
                throw BenchError.invalidSetting("--mix: unknown operation '\(name)'; expected \(operationNames)")
            }
            mix[kind] = share
        }
        return mix
    }

    /// The operations' words, as `--mix` and `--inject-delay` take them.
    static let operationNames = OperationKind.allCases.map(\.name).joined(separator: ", ")

    /// The engine: algorithm, caches, workers, token lifetimes, clock skew, stage sampling.
    static let engine: [WorkloadFlag] = [
        WorkloadFlag("alg", SignatureAlgorithm.allCases.map(\.rawValue).joined(separator: "|"))
            .help("the signature algorithm of every token")
            .choice(\.algorithm, key: "algorithm"),
        WorkloadFlag("cache", CacheStrategyKind.allCases.map(\.rawValue).joined(separator: "|"))
            .help("the strategy of both engine caches")
            .choice(\.cache, key: "cache"),
        WorkloadFlag("capacity", "N").help("entries of each engine cache")
            .integer(\.capacity, in: 1...100_000_000, key: "capacity"),
        WorkloadFlag("threads", "N").help("worker threads (default: one per core)")
            .integer(\.threads, in: 1...1_024, key: "threads")
            .shows { _ in nil },
        WorkloadFlag("authn-ttl", "D").help("lifetime of the devices' authN tokens")
            .value(\.authNTTLMillis, .millis, key: "authNTTLMillis")
            .rule { scenario, _ throws(BenchError) in
                if scenario.authNTTLMillis < 1_000 || scenario.authZTTLMillis < 1_000 {
                    throw .invalidSetting(
                        "--authn-ttl and --authz-ttl must be at least 1s (token expiry has one-second precision)"
                    )
                }
                if scenario.authNTTLMillis > 3_650 * day {
                    throw .invalidSetting("--authn-ttl must be positive and at most 3650d")
                }
            },
        WorkloadFlag("authz-ttl", "D").help("lifetime of the authZ tokens the simulated upstream issues")
            .value(\.authZTTLMillis, .millis, key: "authZTTLMillis")
            .rule { scenario, _ throws(BenchError) in
                if scenario.authZTTLMillis > 3_650 * day {
                    throw .invalidSetting("--authz-ttl must be positive and at most 3650d")
                }
            },
        WorkloadFlag("skew", "D")
            .help("the clock skew allowed on every expiry check: expiry is seen ttl + skew after issue (default 30s)")
            .optional(\.skewMillis, .millis, key: "skewMillis")
            .rule { scenario, _ throws(BenchError) in
                if let skew = scenario.skewMillis, skew < 0 || skew > day {
                    throw .invalidSetting("--skew must be between 0 and 1d")
                }
            },
        WorkloadFlag("stage-sample", "N").help("time the hot-path stages of 1 request in N (0: never)")
            .integer(\.stageSample, in: 0...1_000_000, key: "stageSample"),
    ]

    /// A day, milliseconds: the bound of most durations.
    static let day: Int64 = 86_400_000
}
