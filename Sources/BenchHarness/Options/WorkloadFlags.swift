import AuthZCore

/// The workload flags of `run` and `sweep`: how the command line describes a `Scenario`.
package enum WorkloadFlags {
    /// Options that take a value.
    package static let valueOptions: Set<String> = [
        "devices", "requestors", "mvpds", "resources", "zipf", "mix", "alg", "cache", "capacity", "threads",
        "rate", "duration", "warmup", "seed", "inject-stall", "json", "hgrm", "hlog", "shard", "authn-ttl",
        "authz-ttl", "stage-sample", "backend-latency", "deny-ratio", "skew", "record-trace", "report",
        "rss-sample-interval", "format",
    ]
    /// Boolean flags.
    package static let flagOptions: Set<String> = ["closed", "quiet", "help", "force"]

    /// The scenario the flags describe; every error names its flag (exit 64).
    package static func scenario(from args: Arguments, defaultThreads: Int) throws -> Scenario {
        var s = Scenario()
        s.devices = try args.integer("devices", default: s.devices, in: 1...10_000_000)
        s.requestors = try args.integer("requestors", default: s.requestors, in: 1...100_000)
        s.mvpds = try args.integer("mvpds", default: s.mvpds, in: 2...100_000)
        s.resources = try args.integer("resources", default: s.resources, in: 1...10_000_000)
        s.capacity = try args.integer("capacity", default: s.capacity, in: 1...100_000_000)
        s.threads = try args.integer("threads", default: defaultThreads, in: 1...1_024)
        s.stageSample = try args.integer("stage-sample", default: s.stageSample, in: 0...1_000_000)
        if let text = args.value("zipf") {
            guard let zipf = Double(text), zipf >= 0, zipf <= 10 else {
                throw BenchError.invalidSetting("--zipf expects an exponent between 0 (uniform) and 10, got '\(text)'")
            }
            s.zipf = zipf
        }
        if let text = args.value("deny-ratio") {
            guard let ratio = Double(text), ratio >= 0, ratio < 1 else {
                throw BenchError.invalidSetting("--deny-ratio expects a share at least 0 and below 1, got '\(text)'")
            }
            s.backendDenyRatio = ratio
        }
        if let text = args.value("mix") { s.mix = try mix(text) }
        if let text = args.value("alg") {
            guard let algorithm = SignatureAlgorithm(rawValue: text.lowercased()) else {
                throw BenchError.invalidSetting("--alg expects one of es256, rs256, ed25519, hs256, got '\(text)'")
            }
            s.algorithm = algorithm
        }
        if let text = args.value("cache") {
            guard let cache = CacheStrategyKind(rawValue: text.lowercased()) else {
                let names = CacheStrategyKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw BenchError.invalidSetting("--cache expects one of \(names), got '\(text)'")
            }
            s.cache = cache
        }
        if args.flag("closed") {
            guard args.value("rate") == nil else { throw BenchError.invalidSetting("--rate and --closed exclude each other") }
            s.loop = .closed
        } else if let text = args.value("rate") {
            guard let rate = Double(text), rate > 0, rate <= 100_000_000 else {
                throw BenchError.invalidSetting("--rate expects requests per second (a positive number), got '\(text)'")
            }
            s.loop = .open(rate: rate)
        }
        s.durationMillis = try args.durationMillis("duration", default: s.durationMillis)
        guard s.durationMillis >= 100 else { throw BenchError.invalidSetting("--duration must be at least 100ms") }
        s.warmupMillis = try args.durationMillis("warmup", default: s.warmupMillis)
        s.authNTTLMillis = try args.durationMillis("authn-ttl", default: s.authNTTLMillis)
        s.authZTTLMillis = try args.durationMillis("authz-ttl", default: s.authZTTLMillis)
        guard s.authNTTLMillis >= 1_000, s.authZTTLMillis >= 1_000 else {
            throw BenchError.invalidSetting("--authn-ttl and --authz-ttl must be at least 1s (token expiry has one-second precision)")
        }
        if args.value("skew") != nil { s.skewMillis = try args.durationMillis("skew", default: 0) }
        if let text = args.value("seed") {
            guard let seed = UInt64(text) else { throw BenchError.invalidSetting("--seed expects a non-negative integer, got '\(text)'") }
            s.seed = seed
        }
        if let text = args.value("inject-stall") {
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let stall = DurationText.millis(String(parts[0])),
                let period = DurationText.millis(String(parts[1])), stall > 0, period > stall
            else {
                throw BenchError.invalidSetting("--inject-stall expects DURATION@PERIOD with DURATION < PERIOD (e.g. 200ms@2s), got '\(text)'")
            }
            s.stallMillis = stall
            s.stallPeriodMillis = period
        }
        if let text = args.value("backend-latency") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let median = DurationText.micros(String(parts[0])),
                let p99 = DurationText.micros(String(parts[1])), p99 >= median
            else {
                throw BenchError.invalidSetting("--backend-latency expects MEDIAN/P99 durations (e.g. 200us/2ms), got '\(text)'")
            }
            s.backendMedianMicros = Int(median)
            s.backendP99Micros = Int(p99)
        }
        if let text = args.value("shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                (1...count).contains(index)
            else { throw BenchError.invalidSetting("--shard expects I/N with 1 <= I <= N (e.g. 2/4), got '\(text)'") }
            s.shardIndex = index - 1
            s.shardCount = count
            guard s.devices >= count else { throw BenchError.invalidSetting("--shard \(text): fewer devices (\(s.devices)) than shards") }
        }
        return s
    }

    /// Parses `get=70,check=20,verify=10,logout=0,attack=0` (missing shares are 0; the sum must be 100).
    package static func mix(_ text: String) throws -> OperationMix {
        var mix = OperationMix(get: 0, check: 0, verify: 0, logout: 0, attack: 0)
        var seen: Set<String> = []
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let share = Int(pair[1]), (0...100).contains(share) else {
                throw BenchError.invalidSetting("--mix expects NAME=PERCENT pairs (e.g. get=70,check=20,verify=10), got '\(part)'")
            }
            let name = String(pair[0])
            guard seen.insert(name).inserted else { throw BenchError.invalidSetting("--mix names '\(name)' twice") }
            switch name {
            case "get": mix.get = share
            case "check": mix.check = share
            case "verify": mix.verify = share
            case "logout": mix.logout = share
            case "attack": mix.attack = share
            default: throw BenchError.invalidSetting("--mix: unknown operation '\(name)'; expected get, check, verify, logout, attack")
            }
        }
        let total = mix.get + mix.check + mix.verify + mix.logout + mix.attack
        guard total == 100 else { throw BenchError.invalidSetting("--mix shares must sum to 100, got \(total)") }
        return mix
    }
}

extension DurationText {
    /// The duration in microseconds (`us` and `µs` accepted besides the units of `millis`).
    package static func micros(_ text: String) -> Int64? {
        for suffix in ["us", "µs"] where text.hasSuffix(suffix) {
            let digits = text.dropLast(suffix.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(digits)
        }
        return millis(text).flatMap { $0.multipliedReportingOverflow(by: 1_000).overflow ? nil : $0 * 1_000 }
    }
}
