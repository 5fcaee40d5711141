import AuthZCore

/// The scenario's JSON is the contract of every result file: `compare` compares its keys, and old
/// files must still read. It keeps the shape it had before the loop had a type: the loop is written
/// as `closedLoop` (a Bool) beside `rate` (absent in closed loop, as any absent optional is), and
/// the algorithm and the cache strategy as their flag names (`"es256"`, `"sharded"`).
extension Scenario: Codable {
    /// Every key a scenario's JSON may hold: one per stored property, the loop's two in its place.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case devices, requestors, mvpds, resources, zipf, mix, algorithm, cache, capacity, threads, rate, closedLoop
        case durationMillis, warmupMillis, seed, stallMillis, stallPeriodMillis, authNTTLMillis, authZTTLMillis
        case stageSample, shardIndex, shardCount, backendMedianMicros, backendP99Micros, backendDenyRatio, skewMillis
    }

    /// Reads a scenario; every key but the optional ones is required, as before, and an open loop
    /// (`closedLoop` false) must have its `rate`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        for field in Self.fields { try field.decode(&self, container) }
        loop = try container.decode(Bool.self, forKey: .closedLoop)
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
        ]
    }

    /// How one property is written and read: required, or optional (left out when absent).
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

        /// An optional property: absent from the JSON when nil (as the synthesized coding did).
        init<Value: Codable>(optional key: CodingKeys, _ path: WritableKeyPath<Scenario, Value?>) {
            encode = { scenario, container in try container.encodeIfPresent(scenario[keyPath: path], forKey: key) }
            decode = { scenario, container in
                scenario[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: key)
            }
        }
    }
}
