import AuthZCore
import Foundation

/// The workload flags of `run` and `sweep`: how the command line describes a `Scenario`.
///
/// One parser for both commands. It only reads text into values, and reports text that does not
/// read, naming the flag; every range and consistency rule is `Scenario.validate()`'s, which each
/// command calls next. A command accepts the workload options it lists in its `Arguments`, beside
/// its own; an option it does not take reads as absent, so the scenario's default stands.
package enum WorkloadFlags {
    /// The options that describe the simulated population and its traffic, in the order errors
    /// name them: every command that generates the workload takes them.
    package static let populationOptions = ["devices", "requestors", "mvpds", "resources", "zipf", "mix", "seed"]
    /// The options that describe how `run` drives the engine: the named scenario, algorithm,
    /// cache, loop and its schedule, sessions, timing, simulated upstream and shard.
    package static let loadOptions: Set<String> = [
        "scenario", "alg", "cache", "capacity", "threads", "rate", "duration", "warmup", "inject-stall", "shard",
        "authn-ttl", "authz-ttl", "stage-sample", "upstream-latency", "upstream-deny-ratio", "skew", "favorites",
        "arrivals",
        "concurrency", "refresh-ahead", "upstream-errors", "upstream-timeout", "upstream-outage",
        "upstream-max-in-flight", "deny-ttl", "total-rate", "stages", "shard-index-env", "shards", "max-start-lag",
        "inject-delay",
    ]
    /// Older names still accepted (old name: current name): `--backend-latency` and `--deny-ratio`
    /// became `--upstream-latency` and `--upstream-deny-ratio` beside the other `--upstream-*`
    /// options. `--help` shows them as aliases; the result keys (`backendMedianMicros`,
    /// `backendDenyRatio`, ...) did not change.
    package static let aliases = ["backend-latency": "upstream-latency", "deny-ratio": "upstream-deny-ratio"]
    /// Every workload option that takes a value.
    package static var valueOptions: Set<String> { loadOptions.union(populationOptions) }
    /// The workload's boolean flags.
    package static let flagOptions: Set<String> = ["closed", "cold"]

    /// The scenario the flags describe (unvalidated: call `Scenario.validate(quoting:)` next);
    /// `defaultThreads` when `--threads` is absent. `--scenario NAME` is applied first, then every
    /// other flag over it. Text that does not read as a value is a usage error naming its flag
    /// (exit 64). `environment` holds the variable `--shard-index-env` names.
    package static func scenario(
        from args: Arguments,
        defaultThreads: Int,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BenchError) -> Scenario {
        var s = Scenario()
        if let name = args.value("scenario") {
            guard let named = NamedScenario(rawValue: name.lowercased()) else {
                throw Scenario.expects("scenario", got: name)
            }
            named.apply(to: &s)
        }
        s.devices = try value(args, "devices", default: s.devices)
        s.requestors = try value(args, "requestors", default: s.requestors)
        s.mvpds = try value(args, "mvpds", default: s.mvpds)
        s.resources = try value(args, "resources", default: s.resources)
        s.capacity = try value(args, "capacity", default: s.capacity)
        s.threads = try value(args, "threads", default: defaultThreads)
        s.stageSample = try value(args, "stage-sample", default: s.stageSample)
        s.zipf = try value(args, "zipf", default: s.zipf)
        s.backendDenyRatio = try value(args, "upstream-deny-ratio", default: s.backendDenyRatio)
        if let text = args.value("mix") { s.mix = try mix(text) }
        s.algorithm = try choice(args, "alg", default: s.algorithm)
        s.cache = try choice(args, "cache", default: s.cache)
        s.loop = try loop(args, default: s.loop)
        s.durationMillis = try args.durationMillis("duration", default: s.durationMillis)
        s.warmupMillis = try args.durationMillis("warmup", default: s.warmupMillis)
        s.authNTTLMillis = try args.durationMillis("authn-ttl", default: s.authNTTLMillis)
        s.authZTTLMillis = try args.durationMillis("authz-ttl", default: s.authZTTLMillis)
        if args.value("skew") != nil { s.skewMillis = try args.durationMillis("skew", default: 0) }
        s.seed = try value(args, "seed", default: s.seed)
        if let text = args.value("inject-stall") {
            let (stall, period) = try pair(text, "inject-stall", "@", DurationText.millis)
            s.stallMillis = stall
            s.stallPeriodMillis = period
        }
        if let text = args.value("upstream-latency") {
            let (median, p99) = try pair(text, "upstream-latency", "/", DurationText.micros)
            s.backendMedianMicros = Int(median)
            s.backendP99Micros = Int(p99)
        }
        try upstream(args, into: &s)
        try sessions(args, into: &s)
        if let text = args.value("inject-delay") {
            guard let nanos = DurationText.nanos(text) else { throw Scenario.expects("inject-delay", got: text) }
            s.injectDelayNanos = nanos
        }
        if let text = args.value("shard") {
            let (index, count) = try pair(text, "shard", "/") { Int($0) }
            s.shardIndex = index &- 1  // wrapping: an index out of range stays out of range for validate()
            s.shardCount = count
        }
        try shardFromEnvironment(args, environment, into: &s)
        try schedule(args, into: &s)
        try startLagBound(args, into: &s)
        return s
    }

    /// `--max-start-lag D` into `s`, after everything that sets the loop: `off` and `0` turn the
    /// check off; the closed loop sends when the last request is done, so it has no start lag to
    /// bound and records none.
    private static func startLagBound(_ args: Arguments, into s: inout Scenario) throws(BenchError) {
        let text = args.value("max-start-lag")
        if s.loop == .closed {
            if text != nil {
                throw .invalidSetting(
                    "--max-start-lag bounds the open loop's start lag; the closed loop has none "
                        + "(it excludes --closed)"
                )
            }
            s.maxStartLagMicros = nil
            return
        }
        guard let text else { return }
        if text.lowercased() == "off" || text == "0" {
            s.maxStartLagMicros = nil
            return
        }
        guard let micros = DurationText.micros(text) else { throw Scenario.expects("max-start-lag", got: text) }
        s.maxStartLagMicros = micros == 0 ? nil : micros
    }

    /// `--refresh-ahead`, `--upstream-errors`, `--upstream-timeout`, `--upstream-outage`,
    /// `--upstream-max-in-flight` and `--deny-ttl` into `s`.
    private static func upstream(_ args: Arguments, into s: inout Scenario) throws(BenchError) {
        if let text = args.value("refresh-ahead") {
            if text.lowercased() == "off" {
                s.refreshAhead = nil
            } else {
                guard let fraction = Double(text) else { throw Scenario.expects("refresh-ahead", got: text) }
                s.refreshAhead = fraction
            }
        }
        s.upstreamErrorRatio = try value(args, "upstream-errors", default: s.upstreamErrorRatio)
        if let text = args.value("upstream-timeout") {
            guard let millis = DurationText.millis(text) else { throw Scenario.expects("upstream-timeout", got: text) }
            s.upstreamTimeoutMillis = millis
        }
        if let text = args.value("upstream-outage") {
            let (duration, start) = try pair(text, "upstream-outage", "@", DurationText.millis)
            s.upstreamOutageMillis = duration
            s.upstreamOutageAtMillis = start
        }
        s.upstreamMaxInFlight = try value(args, "upstream-max-in-flight", default: s.upstreamMaxInFlight)
        if let text = args.value("deny-ttl") {
            // `0` and `off` are one setting (denials not cached): both read as nil.
            if text.lowercased() == "off" || text == "0" {
                s.denyTTLMillis = nil
            } else {
                guard let millis = DurationText.millis(text) else { throw Scenario.expects("deny-ttl", got: text) }
                s.denyTTLMillis = millis == 0 ? nil : millis
            }
        }
    }

    /// `--favorites`, `--arrivals`, `--cold` and `--concurrency` into `s`.
    private static func sessions(_ args: Arguments, into s: inout Scenario) throws(BenchError) {
        s.favorites = try value(args, "favorites", default: s.favorites)
        s.arrivals = try choice(args, "arrivals", default: s.arrivals)
        if args.flag("cold") { s.cold = true }
        if args.value("concurrency") != nil { s.concurrency = try value(args, "concurrency", default: 0) }
    }

    /// Parses `get=70,check=20,verify=10,logout=0,attack=0`: missing shares are 0; whether the
    /// shares are percentages summing to 100 is `Scenario.validate()`'s rule.
    package static func mix(_ text: String) throws(BenchError) -> OperationMix {
        var mix = OperationMix(get: 0, check: 0, verify: 0, logout: 0, attack: 0)
        var seen: Set<String> = []
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", omittingEmptySubsequences: false)
            guard pair.count == 2, let share = Int(pair[1]) else { throw Scenario.expects("mix", got: String(part)) }
            let name = String(pair[0])
            guard seen.insert(name).inserted else { throw BenchError.invalidSetting("--mix names '\(name)' twice") }
            switch name {
            case "get": mix.get = share
            case "check": mix.check = share
            case "verify": mix.verify = share
            case "logout": mix.logout = share
            case "attack": mix.attack = share
            default:
                throw BenchError.invalidSetting(
                    "--mix: unknown operation '\(name)'; expected get, check, verify, logout, attack"
                )
            }
        }
        return mix
    }

    /// The value of option `flag` read by `T`'s initializer from text, or `defaultValue` when absent.
    private static func value<T: LosslessStringConvertible>(
        _ args: Arguments,
        _ flag: String,
        default defaultValue: T
    )
        throws(BenchError) -> T
    {
        guard let text = args.value(flag) else { return defaultValue }
        guard let value = T(text) else { throw Scenario.expects(flag, got: text) }
        return value
    }

    /// The case of `T` that option `flag` names (in any letter case), or `defaultValue` when absent.
    private static func choice<T: RawRepresentable<String>>(
        _ args: Arguments,
        _ flag: String,
        default defaultValue: T
    )
        throws(BenchError) -> T
    {
        guard let text = args.value(flag) else { return defaultValue }
        guard let value = T(rawValue: text.lowercased()) else { throw Scenario.expects(flag, got: text) }
        return value
    }

    /// `--closed`, or `--rate R`, or `defaultValue`. Both at once cannot be a `Loop`, so that
    /// conflict is reported here, where both flags are still seen.
    private static func loop(_ args: Arguments, default defaultValue: Scenario.Loop) throws(BenchError) -> Scenario.Loop
    {
        if args.flag("closed") {
            guard args.value("rate") == nil else {
                throw BenchError.invalidSetting("--rate and --closed exclude each other")
            }
            return .closed
        }
        guard args.value("rate") != nil else { return defaultValue }
        return .open(rate: try value(args, "rate", default: 0.0))
    }

    /// `text` of option `flag` as two values `read` accepts, split at `separator` (`200ms@2s`).
    private static func pair<T>(
        _ text: String,
        _ flag: String,
        _ separator: Character,
        _ read: (String) -> T?
    )
        throws(BenchError) -> (T, T)
    {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = read(String(parts[0])), let second = read(String(parts[1])) else {
            throw Scenario.expects(flag, got: text)
        }
        return (first, second)
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

    /// The duration in nanoseconds (`ns` accepted besides the units of `micros`).
    package static func nanos(_ text: String) -> Int64? {
        if text.hasSuffix("ns") {
            let digits = text.dropLast(2)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int64(digits)
        }
        return micros(text).flatMap { $0.multipliedReportingOverflow(by: 1_000).overflow ? nil : $0 * 1_000 }
    }
}
