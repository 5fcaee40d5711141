import BenchHarness

/// The result's `summary` section.
package struct ResultSummary: Codable, Sendable, Equatable {
    /// Requests completed in the measured phase.
    package var requests: Int
    /// Every code other than `VALID_TOKEN` that was observed, with its count: kept as it always was
    /// for older readers. It counts answers too (`NOT_AUTHORIZED` is the upstream's decision, an
    /// attack's rejection is the engine doing its job): ``failures`` is what went wrong.
    package var errors: [String: Int]
    /// Whether the codes are known: false for a merge with `.hlog` inputs, which carry no result
    /// codes (``errors`` is then empty and written as `null`, never `{}`, which would read as none).
    package var codesKnown = true
    /// The measured requests that failed rather than got an answer, by code (`UPSTREAM_UNAVAILABLE`,
    /// a code the request must never get, `LEDGER_FAULT` for a parked request completed twice or
    /// never); empty when none failed. Absent in files written before failures were told apart.
    package var failures: [String: Int]? = nil
    /// The failures' share of the measured requests (0...1; absent with ``failures``).
    package var failureShare: Double? = nil
    /// Measured-phase length, seconds.
    package var durationSeconds: Double
    /// Target total rate (requests/s); `null` in closed loop (written, not omitted).
    package var targetRate: Double?
    /// Requests per second achieved.
    package var achievedRate: Double
    /// Whether the generator kept up (and a release build ran).
    package var valid: Bool
    /// Why not, one line each.
    package var invalidReasons: [String]
    /// Peak resident set size of the process, bytes (absent when unknown, e.g. merged .hlog files).
    package var peakRSS: Int? = nil
    /// Resident set size right after set-up (population and tokens), bytes.
    package var setupRSS: Int? = nil
    /// Resident set size when the run ended (the last `memory.rssSamples` entry), bytes.
    package var finalRSS: Int? = nil
    /// The most requests in flight at a send of the measured phase (absent in files written before
    /// it was measured). In a merged result, the largest input's: shards peak at different moments,
    /// so their peaks do not add (see `ResultMerger`).
    package var maxInFlight: Int? = nil
    /// Wall-clock start of the measured phase, Unix epoch milliseconds (absent in older files; in a
    /// merged result, the earliest input's).
    package var startEpochMillis: Int64? = nil
    /// The host name of the process that ran it (absent in older files and merged results).
    package var host: String? = nil
    /// This process's shard, `I/N` (1-based, as `--shard` takes it; absent in older files and in
    /// merged results).
    package var shard: String? = nil
    /// The scenario fingerprint (`Scenario.fingerprint`): equal for every shard of one scenario
    /// (absent in older files).
    package var scenarioFingerprint: String? = nil
    /// The signal that ended the run early (`SIGINT`, `SIGTERM`): the figures cover the measured
    /// phase until then and the run is invalid. Absent when the run ran to its end (and in older files).
    package var interrupted: String? = nil

    private enum CodingKeys: String, CodingKey {
        case requests, errors, failures, failureShare, durationSeconds, targetRate, achievedRate, valid, invalidReasons,
            peakRSS, setupRSS
        case finalRSS, maxInFlight, startEpochMillis, host, shard, scenarioFingerprint, interrupted
    }

    /// Creates a summary.
    package init(
        requests: Int,
        errors: [String: Int],
        durationSeconds: Double,
        targetRate: Double?,
        achievedRate: Double,
        valid: Bool,
        invalidReasons: [String],
        peakRSS: Int? = nil,
        setupRSS: Int? = nil,
        finalRSS: Int? = nil,
        maxInFlight: Int? = nil
    ) {
        self.peakRSS = peakRSS
        self.setupRSS = setupRSS
        self.finalRSS = finalRSS
        self.maxInFlight = maxInFlight
        self.requests = requests
        self.errors = errors
        self.durationSeconds = durationSeconds
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.valid = valid
        self.invalidReasons = invalidReasons
    }

    /// The failures' share of `requests` failed requests out of `total` (0 without requests).
    package static func share(_ failed: Int, of total: Int) -> Double {
        total > 0 ? Double(failed) / Double(total) : 0
    }

    /// Decodes a summary; `targetRate` must be present (a number or `null`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requests = try container.decode(Int.self, forKey: .requests)
        if try container.decodeNil(forKey: .errors) {
            errors = [:]
            codesKnown = false
        } else {
            errors = try container.decode([String: Int].self, forKey: .errors)
        }
        failures = try container.decodeIfPresent([String: Int].self, forKey: .failures)
        failureShare = try container.decodeIfPresent(Double.self, forKey: .failureShare)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        guard container.contains(.targetRate) else {
            throw DecodingError.keyNotFound(
                CodingKeys.targetRate,
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "targetRate is required (null in closed loop)"
                )
            )
        }
        targetRate = try container.decodeIfPresent(Double.self, forKey: .targetRate)
        achievedRate = try container.decode(Double.self, forKey: .achievedRate)
        valid = try container.decode(Bool.self, forKey: .valid)
        invalidReasons = try container.decode([String].self, forKey: .invalidReasons)
        peakRSS = try container.decodeIfPresent(Int.self, forKey: .peakRSS)
        setupRSS = try container.decodeIfPresent(Int.self, forKey: .setupRSS)
        finalRSS = try container.decodeIfPresent(Int.self, forKey: .finalRSS)
        maxInFlight = try container.decodeIfPresent(Int.self, forKey: .maxInFlight)
        startEpochMillis = try container.decodeIfPresent(Int64.self, forKey: .startEpochMillis)
        host = try container.decodeIfPresent(String.self, forKey: .host)
        shard = try container.decodeIfPresent(String.self, forKey: .shard)
        scenarioFingerprint = try container.decodeIfPresent(String.self, forKey: .scenarioFingerprint)
        interrupted = try container.decodeIfPresent(String.self, forKey: .interrupted)
    }

    /// Encodes every key, `targetRate` as `null` in closed loop.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requests, forKey: .requests)
        if codesKnown {
            try container.encode(errors, forKey: .errors)
        } else {
            try container.encodeNil(forKey: .errors)
        }
        try container.encodeIfPresent(failures, forKey: .failures)
        try container.encodeIfPresent(failureShare, forKey: .failureShare)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        if let targetRate {
            try container.encode(targetRate, forKey: .targetRate)
        } else {
            try container.encodeNil(forKey: .targetRate)
        }
        try container.encode(achievedRate, forKey: .achievedRate)
        try container.encode(valid, forKey: .valid)
        try container.encode(invalidReasons, forKey: .invalidReasons)
        try container.encodeIfPresent(peakRSS, forKey: .peakRSS)
        try container.encodeIfPresent(setupRSS, forKey: .setupRSS)
        try container.encodeIfPresent(finalRSS, forKey: .finalRSS)
        try container.encodeIfPresent(maxInFlight, forKey: .maxInFlight)
        try container.encodeIfPresent(startEpochMillis, forKey: .startEpochMillis)
        try container.encodeIfPresent(host, forKey: .host)
        try container.encodeIfPresent(shard, forKey: .shard)
        try container.encodeIfPresent(scenarioFingerprint, forKey: .scenarioFingerprint)
        try container.encodeIfPresent(interrupted, forKey: .interrupted)
    }
}
