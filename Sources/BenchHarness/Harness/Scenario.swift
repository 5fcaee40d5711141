import AuthZCore

/// Every input that shapes an `authz-bench run`: written whole into the result's `scenario`, so two
/// results can be compared only when they ran the same scenario (its JSON keys: `Scenario+Codable`).
package struct Scenario: Sendable, Equatable {
    /// Simulated devices in the whole population (before `--shard`).
    package var devices = 10_000
    /// Requestors (programmers/apps).
    package var requestors = 20
    /// MVPDs (identity providers).
    package var mvpds = 10
    /// Protected resources.
    package var resources = 1_000
    /// Zipf exponent of resource popularity (0 = uniform).
    package var zipf = 1.0
    /// Operation mix, in percent: getAuthorization, checkAuthorization, verifyMediaToken, logout,
    /// attack. Sums to 100.
    package var mix = OperationMix()
    /// Signature algorithm of every token.
    package var algorithm = SignatureAlgorithm.es256
    /// Cache strategy of both engine caches.
    package var cache = CacheStrategyKind.sharded
    /// Capacity of each engine cache.
    package var capacity = 100_000
    /// Worker threads.
    package var threads = 2
    /// How requests are sent: open loop at a target rate, or closed loop.
    package var loop = Loop.open(rate: 2_000)
    /// Measured phase, milliseconds.
    package var durationMillis: Int64 = 10_000
    /// Warm-up phase before it (reported separately), milliseconds.
    package var warmupMillis: Int64 = 2_000
    /// Seed of every random choice.
    package var seed: UInt64 = 1
    /// Injected stall: every worker's engine call blocks `stallMillis` once per `stallPeriodMillis`.
    package var stallMillis: Int64? = nil
    /// Period of the injected stall, milliseconds.
    package var stallPeriodMillis: Int64? = nil
    /// Lifetime of issued authN tokens, milliseconds.
    package var authNTTLMillis: Int64 = 86_400_000
    /// Lifetime of authZ tokens issued by the simulated backend, milliseconds.
    package var authZTTLMillis: Int64 = 3_600_000
    /// Time 1 request in `stageSample` through the stage observer (1 = every request, 0 = none).
    package var stageSample = 64
    /// This process's slice of the population: `shardIndex` of `shardCount` (0-based).
    package var shardIndex = 0
    /// How many slices the population is split into.
    package var shardCount = 1
    /// Simulated backend latency, median and 99th percentile, microseconds.
    package var backendMedianMicros = 200
    /// Simulated backend latency, 99th percentile, microseconds.
    package var backendP99Micros = 2_000
    /// Share of (requestor, resource, MVPD) combinations the backend denies.
    package var backendDenyRatio = 0.02
    /// Clock skew the engine and the media verifier allow on every expiry check, milliseconds;
    /// `nil` = the engine's default (30 s). Expiry is observed `ttl + skew` after issue.
    package var skewMillis: Int64? = nil

    /// Creates a value from its stored properties.
    package init(devices: Int = 10_000, requestors: Int = 20, mvpds: Int = 10, resources: Int = 1_000, zipf: Double = 1.0, mix: OperationMix = OperationMix(), algorithm: SignatureAlgorithm = .es256, cache: CacheStrategyKind = .sharded, capacity: Int = 100_000, threads: Int = 2, loop: Loop = .open(rate: 2_000), durationMillis: Int64 = 10_000, warmupMillis: Int64 = 2_000, seed: UInt64 = 1, stallMillis: Int64? = nil, stallPeriodMillis: Int64? = nil, authNTTLMillis: Int64 = 86_400_000, authZTTLMillis: Int64 = 3_600_000, stageSample: Int = 64, shardIndex: Int = 0, shardCount: Int = 1, backendMedianMicros: Int = 200, backendP99Micros: Int = 2_000, backendDenyRatio: Double = 0.02, skewMillis: Int64? = nil) {
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
    }
}

/// The operation mix in percent; the five shares sum to 100.
package struct OperationMix: Codable, Sendable, Equatable {
    /// `getAuthorization` (check + mint a media token).
    package var get = 70
    /// `checkAuthorization`.
    package var check = 20
    /// `verifyMediaToken` of a media token just minted.
    package var verify = 10
    /// Logout, then re-authentication.
    package var logout = 0
    /// Attack traffic (tampered signature, expired token, wrong device, untrusted MVPD, replay).
    package var attack = 0

    /// Creates a value from its stored properties.
    package init(get: Int = 70, check: Int = 20, verify: Int = 10, logout: Int = 0, attack: Int = 0) {
        self.get = get
        self.check = check
        self.verify = verify
        self.logout = logout
        self.attack = attack
    }
}
