import AuthZCore
import Foundation

/// Every input that shapes an `authz-bench run`: written whole into the result's `scenario`, so two
/// results can be compared only when they ran the same scenario.
///
/// Each property's default is written where it is declared, and is `run`'s default: steady state
/// at 2,000 requests/s over 10,000 devices, with a realistic upstream (200 ms median, 1 s p99),
/// invalid when the start lag p99 exceeds 5 ms; the named scenario `steady` (``NamedScenario``)
/// adds a deny TTL. The flag that sets each one, its checks and its JSON keys are its entry in the
/// option table (``WorkloadFlags``).
package struct Scenario: Sendable, Equatable {
    /// Simulated devices in the whole population (before `--shard`).
    package var devices: Int = 10_000
    /// Requestors (programmers/apps).
    package var requestors: Int = 20
    /// MVPDs (identity providers).
    package var mvpds: Int = 10
    /// Protected resources.
    package var resources: Int = 1_000
    /// Zipf exponent of resource popularity (0 = uniform).
    package var zipf: Double = 1.0
    /// Operation mix, in percent (get, check, verify, logout, attack), summing to 100.
    package var mix: OperationMix = OperationMix()
    /// Signature algorithm of every token.
    package var algorithm: SignatureAlgorithm = .es256
    /// Cache strategy of both engine caches.
    package var cache: CacheStrategyKind = .sharded
    /// Capacity of each engine cache.
    package var capacity: Int = 100_000
    /// Worker threads.
    package var threads: Int = 2
    /// How requests are sent: open loop at a target rate, or closed loop.
    package var loop: Loop = .open(rate: 2_000)
    /// Measured phase, milliseconds.
    package var durationMillis: Int64 = 10_000
    /// Warm-up phase before it (reported separately), milliseconds.
    package var warmupMillis: Int64 = 2_000
    /// Seed of every random choice.
    package var seed: UInt64 = 1
    /// Injected stall, milliseconds: every worker's engine call blocks once per period.
    package var stallMillis: Int64? = nil
    /// Period of the injected stall, milliseconds.
    package var stallPeriodMillis: Int64? = nil
    /// Gate calibration: a busy wait in every inline answer, nanoseconds; nil: none.
    package var injectDelayNanos: Int64? = nil
    /// Gate calibration: the busy wait of the operations named, instead of ``injectDelayNanos``.
    package var injectDelayNanosByOperation: [String: Int64]? = nil
    /// Lifetime of issued authN tokens, milliseconds.
    package var authNTTLMillis: Int64 = 86_400_000
    /// Lifetime of authZ tokens issued by the simulated backend, milliseconds.
    package var authZTTLMillis: Int64 = 3_600_000
    /// Time the stages of 1 request in `stageSample` (0: none).
    package var stageSample: Int = 64
    /// This process's slice of the population: `shardIndex` of `shardCount` (0-based).
    package var shardIndex: Int = 0
    /// How many slices the population is split into.
    package var shardCount: Int = 1
    /// Simulated backend latency, median, microseconds (log-normal; constant if the p99 is equal).
    package var backendMedianMicros: Int = 200_000
    /// Simulated backend latency, 99th percentile, microseconds.
    package var backendP99Micros: Int = 1_000_000
    /// Share of (requestor, resource, MVPD) combinations the backend denies.
    package var backendDenyRatio: Double = 0.02
    /// Clock skew allowed on every expiry check, milliseconds; nil: the engine's (30 s).
    package var skewMillis: Int64? = nil
    /// The named scenario (`--scenario`) the flags started from; nil when none was named.
    package var name: String? = nil
    /// Favourite resources per device, drawn from the global Zipf.
    package var favorites: Int = 4
    /// How the open loop's requests arrive: evenly spaced, or a Poisson process of the same rate.
    package var arrivals: Arrivals = .uniform
    /// How an open-loop worker waits for its next request's due time.
    package var pacing: Pacing = .sleep
    /// Start from empty caches (`--cold`) instead of every device authorized for its favourites.
    package var cold: Bool = false
    /// Closed-loop sessions; nil: one per worker.
    package var concurrency: Int? = nil
    /// Refresh ahead at this fraction of an authorization's lifetime; nil = off.
    package var refreshAhead: Double? = 0.8
    /// Share of the load's upstream calls the simulated upstream fails (`UPSTREAM_UNAVAILABLE`).
    package var upstreamErrorRatio: Double = 0
    /// The engine's per-call upstream timeout, milliseconds.
    package var upstreamTimeoutMillis: Int64 = 5_000
    /// Simulated upstream outage, milliseconds from its start; nil: none.
    package var upstreamOutageMillis: Int64? = nil
    /// Start of the outage, milliseconds after the start of the warm-up.
    package var upstreamOutageAtMillis: Int64? = nil
    /// The engine's bound on upstream calls in flight.
    package var upstreamMaxInFlight: Int = 65_536
    /// The most the open loop's start lag p99 may be before the run is invalid, microseconds; nil:
    /// not checked (`off`, the closed loop, and every result written before the bound existed).
    package var maxStartLagMicros: Int64? = 5_000
    /// How long the engine caches an upstream denial, milliseconds; nil: never (`0` and `off` too).
    package var denyTTLMillis: Int64? = nil
    /// The whole population's rate, requests/s, shared equally by the shards on lanes of one
    /// schedule (`WorkerPlan`; `loop`'s rate is this shard's); nil: each process has its `--rate`.
    package var totalRate: Double? = nil
    /// The rate profile of the measured phase (per process), whose duration is the stages' sum and
    /// whose mean rate is the `loop`'s; nil: a constant rate.
    package var stages: [RampStage]? = nil

    /// A scenario with every input at its default.
    package init() {}
}

extension Scenario {
    /// How the open loop's requests arrive (`--arrivals`).
    package enum Arrivals: String, Codable, Sendable, CaseIterable {
        /// Evenly spaced (wrk2's schedule): request `i` is due at `t0 + i / rate`.
        case uniform
        /// A Poisson process of the same mean rate (exponential gaps, seeded).
        case poisson
    }

    /// How an open-loop worker waits for its next request's due time (`--pacing`).
    package enum Pacing: String, Codable, Sendable, CaseIterable {
        /// Sleeps while the due time is far, spins the last stretch (``Pacer``): the core idles
        /// between requests, as a service's does.
        case sleep
        /// Spins the whole gap: the core never idles, so the host cannot lend it to other work
        /// between two requests. `ab`'s children pace so: on a shared VM most of the spread
        /// between two blocks of one process comes from what ran on the core while it idled.
        case spin
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
    /// The first 16 hexadecimal digits of the SHA-256 of the scenario's JSON (its `Codable` form, from the option table)
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

extension Scenario {
    /// The busy wait `--inject-delay` adds to an inline answer of `kind`, nanoseconds (nil: none).
    package func injectDelayNanos(of kind: OperationKind) -> Int64? {
        injectDelayNanosByOperation?[kind.name] ?? injectDelayNanos
    }
}

/// The scenario's JSON, every result file's contract (`compare` compares its keys; old files must
/// read): the fields of the option table (``WorkloadFlags``), each coded as it says.
extension Scenario: CodedRecord {
    /// The table's fields; an absent optional (and `rate` in closed loop) is left out.
    package static var codedFields: [ScenarioField] { WorkloadFlags.fields }
}

/// A member of the scenario's JSON.
package typealias ScenarioField = CodedField<Scenario>
