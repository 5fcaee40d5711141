import AuthZCore

/// Every input that shapes an `authz-bench run`: written whole into the result's `scenario`, so two
/// results can be compared only when they ran the same scenario.
struct Scenario: Codable, Sendable, Equatable {
    /// Simulated devices in the whole population (before `--shard`).
    var devices = 10_000
    /// Requestors (programmers/apps).
    var requestors = 20
    /// MVPDs (identity providers).
    var mvpds = 10
    /// Protected resources.
    var resources = 1_000
    /// Zipf exponent of resource popularity (0 = uniform).
    var zipf = 1.0
    /// Operation mix, in percent: getAuthorization, checkAuthorization, verifyMediaToken, logout,
    /// attack. Sums to 100.
    var mix = OperationMix()
    /// Signature algorithm of every token.
    var algorithm = "es256"
    /// Cache strategy (`CacheStrategyKind` raw value) for both engine caches.
    var cache = "sharded"
    /// Capacity of each engine cache.
    var capacity = 100_000
    /// Worker threads.
    var threads = 2
    /// Target total request rate (requests/s) in open loop; `nil` in closed loop.
    var rate: Double? = 2_000
    /// Closed loop (each worker sends its next request when the previous one is done).
    var closedLoop = false
    /// Measured phase, milliseconds.
    var durationMillis: Int64 = 10_000
    /// Warm-up phase before it (reported separately), milliseconds.
    var warmupMillis: Int64 = 2_000
    /// Seed of every random choice.
    var seed: UInt64 = 1
    /// Injected stall: every worker's engine call blocks `stallMillis` once per `stallPeriodMillis`.
    var stallMillis: Int64? = nil
    /// Period of the injected stall, milliseconds.
    var stallPeriodMillis: Int64? = nil
    /// Lifetime of issued authN tokens, milliseconds.
    var authNTTLMillis: Int64 = 86_400_000
    /// Lifetime of authZ tokens issued by the simulated backend, milliseconds.
    var authZTTLMillis: Int64 = 3_600_000
    /// Time 1 request in `stageSample` through the stage observer (1 = every request, 0 = none).
    var stageSample = 64
    /// This process's slice of the population: `shardIndex` of `shardCount` (0-based).
    var shardIndex = 0
    /// How many slices the population is split into.
    var shardCount = 1
    /// Simulated backend latency, median and 99th percentile, microseconds.
    var backendMedianMicros = 200
    /// Simulated backend latency, 99th percentile, microseconds.
    var backendP99Micros = 2_000
    /// Share of (requestor, resource, MVPD) combinations the backend denies.
    var backendDenyRatio = 0.02
    /// Clock skew the engine and the media verifier allow on every expiry check, milliseconds;
    /// `nil` = the engine's default (30 s). Expiry is observed `ttl + skew` after issue.
    var skewMillis: Int64? = nil
}

/// The operation mix in percent; the five shares sum to 100.
struct OperationMix: Codable, Sendable, Equatable {
    /// `getAuthorization` (check + mint a media token).
    var get = 70
    /// `checkAuthorization`.
    var check = 20
    /// `verifyMediaToken` of a media token just minted.
    var verify = 10
    /// Logout, then re-authentication.
    var logout = 0
    /// Attack traffic (tampered signature, expired token, wrong device, untrusted MVPD, replay).
    var attack = 0
}
