/// The result's `summary` section.
package struct ResultSummary: CodedRecord, Sendable, Equatable {
    /// Requests completed in the measured phase.
    package var requests = 0
    /// Every code other than `VALID_TOKEN` that was observed, with its count: kept as it always was
    /// for older readers. It counts answers too (`NOT_AUTHORIZED` is the upstream's decision, an
    /// attack's rejection is the engine doing its job): ``failures`` is what went wrong.
    package var errors: [String: Int] = [:]
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
    package var durationSeconds = 0.0
    /// Target total rate (requests/s); `null` in closed loop (written, not omitted).
    package var targetRate: Double? = nil
    /// Requests per second achieved.
    package var achievedRate = 0.0
    /// Whether the generator kept up (and a release build ran).
    package var valid = true
    /// Why not, one line each.
    package var invalidReasons: [String] = []
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

    /// The name ``failures`` counts the completion ledger's faults under (a parked request
    /// completed twice, or never).
    package static let ledgerFaultName = "LEDGER_FAULT"

    /// The failures by name: the failed requests' codes, and the ledger's faults under
    /// ``ledgerFaultName`` when there were any.
    package static func failures(_ codes: [String: Int], ledgerFaults: Int) -> [String: Int] {
        var failures = codes
        if ledgerFaults > 0 { failures[ledgerFaultName] = ledgerFaults }
        return failures
    }

    /// Every observed code with its count, `VALID_TOKEN` included (the requests ``errors`` does
    /// not count).
    package var codes: [String: Int] {
        var codes = errors
        let valid = requests - errors.values.reduce(0, +)
        if valid > 0 { codes["VALID_TOKEN"] = valid }
        return codes
    }

    /// The failures' share of `requests` failed requests out of `total` (0 without requests).
    package static func share(_ failed: Int, of total: Int) -> Double {
        total > 0 ? Double(failed) / Double(total) : 0
    }

    /// A summary with every figure at zero, valid: the run, a merge or a file read sets them.
    package init() {}

    /// Every member: `errors` `null` when not known, `targetRate` required (`null` in closed loop).
    package static let codedFields: [CodedField<ResultSummary>] = [
        CodedField("requests", \.requests, .required),
        CodedField(
            keys: ["errors"],
            encode: { summary, container in
                try summary.codesKnown
                    ? container.encode(summary.errors, forKey: AnyKey("errors"))
                    : container.encodeNil(forKey: AnyKey("errors"))
            },
            decode: { summary, container in
                summary.codesKnown = try !container.decodeNil(forKey: AnyKey("errors"))
                if summary.codesKnown {
                    summary.errors = try container.decode([String: Int].self, forKey: AnyKey("errors"))
                }
            }
        ),
        CodedField(optional: "failures", \.failures), CodedField(optional: "failureShare", \.failureShare),
        CodedField("durationSeconds", \.durationSeconds, .required),
        CodedField(
            keys: ["targetRate"],
            encode: { summary, container in
                if let rate = summary.targetRate {
                    try container.encode(rate, forKey: AnyKey("targetRate"))
                } else {
                    try container.encodeNil(forKey: AnyKey("targetRate"))
                }
            },
            decode: { summary, container in
                guard container.contains(AnyKey("targetRate")) else {
                    throw DecodingError.keyNotFound(
                        AnyKey("targetRate"),
                        .init(
                            codingPath: container.codingPath,
                            debugDescription: "targetRate is required (null in closed loop)"
                        )
                    )
                }
                summary.targetRate = try container.decodeIfPresent(Double.self, forKey: AnyKey("targetRate"))
            }
        ),
        CodedField("achievedRate", \.achievedRate, .required), CodedField("valid", \.valid, .required),
        CodedField("invalidReasons", \.invalidReasons, .required), CodedField(optional: "peakRSS", \.peakRSS),
        CodedField(optional: "setupRSS", \.setupRSS), CodedField(optional: "finalRSS", \.finalRSS),
        CodedField(optional: "maxInFlight", \.maxInFlight),
        CodedField(optional: "startEpochMillis", \.startEpochMillis),
        CodedField(optional: "host", \.host), CodedField(optional: "shard", \.shard),
        CodedField(optional: "scenarioFingerprint", \.scenarioFingerprint),
        CodedField(optional: "interrupted", \.interrupted),
    ]
}
