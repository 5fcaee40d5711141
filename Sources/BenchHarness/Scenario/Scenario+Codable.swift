import AuthZCore

/// The scenario's JSON is the contract of every result file: `compare` compares its keys, and old
/// files must still read. It keeps the shape it had before the loop had a type: the loop is written
/// as `closedLoop` (a Bool) beside `rate` (absent in closed loop, as any absent optional is), and
/// the algorithm and the cache strategy as their flag names (`"es256"`, `"sharded"`).
///
/// The keys added with the asynchronous upstream (`name`, `favorites`, `arrivals`, `cold`,
/// `concurrency`, `refreshAhead`, `upstream...`) read as their defaults when absent, so that a file
/// written before them reads as the scenario it ran. `refreshAhead` is written as `null` when refresh
/// ahead is off, since absent means the default (on). `totalRate`, `stages` and `denyTTLMillis` are
/// left out when not given, and read as nil when absent, as every file written before them ran
/// without them (no deny TTL: denials were never cached); so is `injectDelayNanos`
/// (`--inject-delay`). So is `maxStartLagMicros`: a file written before it was never checked
/// against a start-lag bound, and a run with the bound `off` (or in closed loop) writes none.
extension Scenario: Codable {
    /// Every key a scenario's JSON may hold: one per stored property, the loop's two in its place.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case devices, requestors, mvpds, resources, zipf, mix, algorithm, cache, capacity, threads, rate, closedLoop
        case durationMillis, warmupMillis, seed, stallMillis, stallPeriodMillis, authNTTLMillis, authZTTLMillis
        case stageSample, shardIndex, shardCount, backendMedianMicros, backendP99Micros, backendDenyRatio, skewMillis
        case name, favorites, arrivals, cold, concurrency, refreshAhead, upstreamErrorRatio, upstreamTimeoutMillis
        case upstreamOutageMillis, upstreamOutageAtMillis, upstreamMaxInFlight, totalRate, stages, maxStartLagMicros
        case injectDelayNanos, denyTTLMillis
    }

    /// Reads a scenario; every key but the optional ones and the later ones is required, as
    /// before, and an open loop (`closedLoop` false) must have its `rate`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        for field in Self.fields { try field.decode(&self, container) }
        loop =
            try container.decode(Bool.self, forKey: .closedLoop)
            ? .closed : .open(rate: try container.decode(Double.self, forKey: .rate))
    }

    /// Writes every key; an absent optional (and `rate` in closed loop) is left out.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for field in Self.fields { try field.encode(self, &container) }
        try container.encode(loop == .closed, forKey: .closedLoop)
        try container.encodeIfPresent(loop.rate, forKey: .rate)
    }

    /// The properties coded as themselves under their own name (all but the loop), so that each
    /// is listed once for both directions.
    private static var fields: [Field] {
        [
            Field(.devices, \.devices), Field(.requestors, \.requestors), Field(.mvpds, \.mvpds),
            Field(.resources, \.resources), Field(.zipf, \.zipf), Field(.mix, \.mix), Field(.algorithm, \.algorithm),
            Field(.cache, \.cache), Field(.capacity, \.capacity), Field(.threads, \.threads),
            Field(.durationMillis, \.durationMillis), Field(.warmupMillis, \.warmupMillis), Field(.seed, \.seed),
            Field(optional: .stallMillis, \.stallMillis), Field(optional: .stallPeriodMillis, \.stallPeriodMillis),
            Field(.authNTTLMillis, \.authNTTLMillis), Field(.authZTTLMillis, \.authZTTLMillis),
            Field(.stageSample, \.stageSample), Field(.shardIndex, \.shardIndex), Field(.shardCount, \.shardCount),
            Field(.backendMedianMicros, \.backendMedianMicros), Field(.backendP99Micros, \.backendP99Micros),
            Field(.backendDenyRatio, \.backendDenyRatio), Field(optional: .skewMillis, \.skewMillis),
            Field(optional: .name, \.name), Field(later: .favorites, \.favorites), Field(later: .arrivals, \.arrivals),
            Field(later: .cold, \.cold), Field(optional: .concurrency, \.concurrency),
            Field(nullable: .refreshAhead, \.refreshAhead), Field(later: .upstreamErrorRatio, \.upstreamErrorRatio),
            Field(later: .upstreamTimeoutMillis, \.upstreamTimeoutMillis),
            Field(optional: .upstreamOutageMillis, \.upstreamOutageMillis),
            Field(optional: .upstreamOutageAtMillis, \.upstreamOutageAtMillis),
            Field(later: .upstreamMaxInFlight, \.upstreamMaxInFlight),
            Field(optional: .totalRate, \.totalRate), Field(optional: .stages, \.stages),
            Field(optional: .maxStartLagMicros, \.maxStartLagMicros),
            Field(optional: .injectDelayNanos, \.injectDelayNanos),
            Field(optional: .denyTTLMillis, \.denyTTLMillis),
        ]
    }

    /// How one property is written and read: required, added later (its default when absent),
    /// optional (left out when absent), or an optional whose default is not nil (`null` when nil).
    private struct Field {
        /// Writes the property of a scenario.
        let encode: (Scenario, inout KeyedEncodingContainer<CodingKeys>) throws -> Void
        /// Reads the property into a scenario.
        let decode: (inout Scenario, KeyedDecodingContainer<CodingKeys>) throws -> Void

        /// A required property.
        init<Value: Codable>(_ key: CodingKeys, _ path: WritableKeyPath<Scenario, Value>) {
            encode = { scenario, container in try container.encode(scenario[keyPath: path], forKey: key) }
            decode = { scenario, container in scenario[keyPath: path] = try container.decode(Value.self, forKey: key) }
        }

        /// A property added after files were written: read as the scenario's default when absent.
        init<Value: Codable>(later key: CodingKeys, _ path: WritableKeyPath<Scenario, Value>) {
            encode = { scenario, container in try container.encode(scenario[keyPath: path], forKey: key) }
            decode = { scenario, container in
                if let value = try container.decodeIfPresent(Value.self, forKey: key) {
                    scenario[keyPath: path] = value
                }
            }
        }

        /// An optional property added later whose default is not nil: written as `null` when nil;
        /// read as nil from `null`, as the default when absent.
        init<Value: Codable>(nullable key: CodingKeys, _ path: WritableKeyPath<Scenario, Value?>) {
            encode = { scenario, container in
                if let value = scenario[keyPath: path] {
                    try container.encode(value, forKey: key)
                } else {
                    try container.encodeNil(forKey: key)
                }
            }
            decode = { scenario, container in
                guard container.contains(key) else { return }
                scenario[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: key)
            }
        }

        /// An optional property: absent from the JSON when nil (as the synthesized coding did).
        init<Value: Codable>(optional key: CodingKeys, _ path: WritableKeyPath<Scenario, Value?>) {
            encode = { scenario, container in try container.encodeIfPresent(scenario[keyPath: path], forKey: key) }
            decode = { scenario, container in
                scenario[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: key)
            }
        }
    }
}
