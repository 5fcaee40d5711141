import AuthZCore
import Foundation

/// Every input that shapes an `authz-bench run`: written whole into the result's `scenario`, so two
/// results can be compared only when they ran the same scenario (its JSON keys: `Scenario+Codable`).
package struct Scenario: Sendable, Equatable {
    /// Simulated devices in the whole population (before `--shard`).
    package var devices: Int
    /// Requestors (programmers/apps).
    package var requestors: Int
    /// MVPDs (identity providers).
    package var mvpds: Int
    /// Protected resources.
    package var resources: Int
    /// Zipf exponent of resource popularity (0 = uniform).
    package var zipf: Double
    /// Operation mix, in percent: getAuthorization, checkAuthorization, verifyMediaToken, logout,
    /// attack. Sums to 100.
    package var mix: OperationMix
    /// Signature algorithm of every token.
    package var algorithm: SignatureAlgorithm
    /// Cache strategy of both engine caches.
    package var cache: CacheStrategyKind
    /// Capacity of each engine cache.
    package var capacity: Int
    /// Worker threads.
    package var threads: Int
    /// How requests are sent: open loop at a target rate, or closed loop.
    package var loop: Loop
    /// Measured phase, milliseconds.
    package var durationMillis: Int64
    /// Warm-up phase before it (reported separately), milliseconds.
    package var warmupMillis: Int64
    /// Seed of every random choice.
    package var seed: UInt64
    /// Injected stall: every worker's engine call blocks `stallMillis` once per `stallPeriodMillis`.
    package var stallMillis: Int64?
    /// Period of the injected stall, milliseconds.
    package var stallPeriodMillis: Int64?
    /// Gate calibration (`--inject-delay`): every answer given inline is made this many nanoseconds
    /// later by a busy wait, as if the hot path cost that much more; nil: none.
    package var injectDelayNanos: Int64? = nil
    /// Lifetime of issued authN tokens, milliseconds.
    package var authNTTLMillis: Int64
    /// Lifetime of authZ tokens issued by the simulated backend, milliseconds.
    package var authZTTLMillis: Int64
    /// Time 1 request in `stageSample` through the stage observer (1 = every request, 0 = none).
    package var stageSample: Int
    /// This process's slice of the population: `shardIndex` of `shardCount` (0-based).
    package var shardIndex: Int
    /// How many slices the population is split into.
    package var shardCount: Int
    /// Simulated backend latency, median, microseconds (log-normal; equal to the p99: constant).
    package var backendMedianMicros: Int
    /// Simulated backend latency, 99th percentile, microseconds.
    package var backendP99Micros: Int
    /// Share of (requestor, resource, MVPD) combinations the backend denies.
    package var backendDenyRatio: Double
    /// Clock skew the engine and the media verifier allow on every expiry check, milliseconds;
    /// `nil` = the engine's default (30 s). Expiry is observed `ttl + skew` after issue.
    package var skewMillis: Int64?
    /// The named scenario (`--scenario`) the flags started from; nil when none was named.
    package var name: String?
    /// Favourite resources per device, drawn from the global Zipf; a device's requests go to them.
    package var favorites: Int
    /// How the open loop's requests arrive: evenly spaced, or a Poisson process of the same rate.
    package var arrivals: Arrivals
    /// Start from empty caches (`--cold`) instead of every device authorized for its favourites.
    package var cold: Bool
    /// Closed loop: sessions sending their next request when their last completes; nil = one per worker.
    package var concurrency: Int?
    /// Refresh ahead at this fraction of an authorization's lifetime; nil = off.
    package var refreshAhead: Double?
    /// Share of the load's upstream calls the simulated upstream fails (`UPSTREAM_UNAVAILABLE`).
    package var upstreamErrorRatio: Double
    /// The engine's per-call upstream timeout, milliseconds.
    package var upstreamTimeoutMillis: Int64
    /// Simulated upstream outage: down for `upstreamOutageMillis` from `upstreamOutageAtMillis`
    /// after the load's start (the start of the warm-up); nil = none.
    package var upstreamOutageMillis: Int64?
    /// Start of the outage, milliseconds after the start of the warm-up.
    package var upstreamOutageAtMillis: Int64?
    /// The engine's bound on upstream calls in flight.
    package var upstreamMaxInFlight: Int
    /// `--max-start-lag`: the most the open loop's start lag p99 may be, microseconds, before the
    /// run is invalid (the generator, not the code under test, fell behind); nil = not checked
    /// (`off`, the closed loop, and every result written before the bound existed).
    package var maxStartLagMicros: Int64?
    /// `--deny-ttl`: how long the engine caches an upstream denial, milliseconds; nil = never (the
    /// default; `0` and `off` read as nil, so that they name one scenario).
    package var denyTTLMillis: Int64?
    /// `--total-rate`: the open loop's rate of the whole population, requests/s, shared equally by
    /// the `shardCount` shards (each runs at `totalRate / shardCount`, its `loop`'s rate, on lanes
    /// of one common schedule: `WorkerPlan`); nil when each process has its own `--rate`.
    package var totalRate: Double?
    /// `--stages`: the open loop's rate profile over the measured phase (per process, like
    /// `--rate`), whose duration is the stages' sum and whose mean rate is the `loop`'s; nil for a
    /// constant rate.
    package var stages: [RampStage]?
    /// A scenario; every input not given takes its default, which is `run`'s default: steady
    /// state at 2,000 requests/s over 10,000 devices, with a realistic upstream (200 ms median, 1 s
    /// p99), invalid when the start lag p99 exceeds 5 ms; the named scenario `steady`
    /// (`NamedScenario`) adds a deny TTL. This initialiser is the one place the defaults are written.
    package init(
        devices: Int = 10_000,
        requestors: Int = 20,
        mvpds: Int = 10,
        resources: Int = 1_000,
        zipf: Double = 1.0,
        mix: OperationMix = OperationMix(),
        algorithm: SignatureAlgorithm = .es256,
        cache: CacheStrategyKind = .sharded,
        capacity: Int = 100_000,
        threads: Int = 2,
        loop: Loop = .open(rate: 2_000),
        durationMillis: Int64 = 10_000,
        warmupMillis: Int64 = 2_000,
        seed: UInt64 = 1,
        stallMillis: Int64? = nil,
        stallPeriodMillis: Int64? = nil,
        authNTTLMillis: Int64 = 86_400_000,
        authZTTLMillis: Int64 = 3_600_000,
        stageSample: Int = 64,
        shardIndex: Int = 0,
        shardCount: Int = 1,
        backendMedianMicros: Int = 200_000,
        backendP99Micros: Int = 1_000_000,
        backendDenyRatio: Double = 0.02,
        skewMillis: Int64? = nil,
        name: String? = nil,
        favorites: Int = 4,
        arrivals: Arrivals = .uniform,
        cold: Bool = false,
        concurrency: Int? = nil,
        refreshAhead: Double? = 0.8,
        upstreamErrorRatio: Double = 0,
        upstreamTimeoutMillis: Int64 = 5_000,
        upstreamOutageMillis: Int64? = nil,
        upstreamOutageAtMillis: Int64? = nil,
        upstreamMaxInFlight: Int = 65_536,
        maxStartLagMicros: Int64? = 5_000,
        denyTTLMillis: Int64? = nil,
        totalRate: Double? = nil,
        stages: [RampStage]? = nil
    ) {
        self.devices = devices
        self.requestors = requestors
        self.mvpds = mvpds
        self.resources = resources
        self.zipf = zipf
        self.mix = mix
        self.algorithm = algorithm
        self.cache = cache
        self.capacity = capacity
        self.threads = threads
        self.loop = loop
        self.durationMillis = durationMillis
        self.warmupMillis = warmupMillis
        self.seed = seed
        self.stallMillis = stallMillis
        self.stallPeriodMillis = stallPeriodMillis
        self.authNTTLMillis = authNTTLMillis
        self.authZTTLMillis = authZTTLMillis
        self.stageSample = stageSample
        self.shardIndex = shardIndex
        self.shardCount = shardCount
        self.backendMedianMicros = backendMedianMicros
        self.backendP99Micros = backendP99Micros
        self.backendDenyRatio = backendDenyRatio
        self.skewMillis = skewMillis
        self.name = name
        self.favorites = favorites
        self.arrivals = arrivals
        self.cold = cold
        self.concurrency = concurrency
        self.refreshAhead = refreshAhead
        self.upstreamErrorRatio = upstreamErrorRatio
        self.upstreamTimeoutMillis = upstreamTimeoutMillis
        self.upstreamOutageMillis = upstreamOutageMillis
        self.upstreamOutageAtMillis = upstreamOutageAtMillis
        self.upstreamMaxInFlight = upstreamMaxInFlight
        self.maxStartLagMicros = maxStartLagMicros
        self.denyTTLMillis = denyTTLMillis
        self.totalRate = totalRate
        self.stages = stages
    }
}

extension Scenario {
    /// How the open loop's requests arrive (`--arrivals`).
    package enum Arrivals: String, Codable, Sendable, CaseIterable {
        /// Evenly spaced (wrk2's schedule): request `i` is due at `t0 + i / rate`.
        case uniform
        /// A Poisson process of the same mean rate (exponential gaps, seeded).
        case poisson
    }
}

extension Scenario {
    /// How the workers send requests. An enum rather than a rate beside a flag, so that a closed
    /// loop cannot carry a target rate and an open loop cannot lack one.
    package enum Loop: Sendable, Equatable {
        /// Open loop (`--rate R`, the default): requests are due on a schedule of `rate` requests/s
        /// in total, however slow the answers, and each is timed from when it was due, so a slow
        /// engine shows in the latency instead of hiding behind fewer requests. `rate` is this
        /// process's: with `--total-rate` its equal share of the total, with `--stages` the
        /// stages' mean rate (the target `summary.targetRate` and the validity check compare with).
        case open(rate: Double)
        /// Closed loop (`--closed`): each worker sends its next request when the previous one is
        /// done; it measures the throughput ceiling, not the latency at a given load.
        case closed

        /// The target total rate in requests/s; `nil` in closed loop, which has none.
        package var rate: Double? {
            if case .open(let rate) = self { return rate }
            return nil
        }
    }
}

extension Scenario {
    /// The target rate over the run (nil in closed loop): the stages after a warm-up at their start
    /// rate, else a constant rate — the whole population's (`--total-rate`, which the shards share
    /// by lanes: `WorkerPlan`) or this process's (`--rate`).
    package var rateProfile: RateProfile? {
        guard let rate = loop.rate else { return nil }
        if let stages { return RateProfile(stages: stages, warmupMillis: warmupMillis) }
        return .constant(totalRate ?? rate)
    }

    /// The shards that share `rateProfile`'s arrivals by lanes, and this process's place among
    /// them: all of them with `--total-rate`, else this process alone (its profile is its own).
    package var laneShards: (count: Int, index: Int) {
        totalRate != nil ? (shardCount, shardIndex) : (1, 0)
    }
}

extension Scenario {
    /// A short digest of every input that shaped the run except this process's shard: equal for the
    /// N shards of one scenario, different as soon as any other input differs.
    ///
    /// The first 16 hexadecimal digits of the SHA-256 of the scenario's JSON (`Scenario+Codable`)
    /// with sorted keys, written with `shardIndex` 0 and `shardCount` 1. It tells `merge` that its
    /// inputs ran one scenario; the inputs' `scenario` objects say which keys differ when they did not.
    package var fingerprint: String {
        var whole = self
        whole.shardIndex = 0
        whole.shardCount = 1
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a scenario cannot fail: every value is a number, a string, a Bool or a nested struct of them.
        let bytes = (try? encoder.encode(whole)) ?? Data()
        return String(SHA256.hash(bytes).hexString.prefix(16))
    }
}
