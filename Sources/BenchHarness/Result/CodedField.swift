import Foundation

/// Members of a record's JSON (a scenario's, a summary's) and how they are written and read: a
/// record lists each once for both directions.
package struct CodedField<Root>: Sendable {
    /// How a property is written and read.
    package enum Coding: Sendable {
        /// Always written; a file must hold it.
        case required
        /// Always written; added after files were written, so absent reads as the default.
        case later
    }

    /// The members' keys.
    package let keys: [String]
    /// Writes the members of a record.
    let encode: @Sendable (Root, inout KeyedEncodingContainer<AnyKey>) throws -> Void
    /// Reads the members into a record.
    let decode: @Sendable (inout Root, KeyedDecodingContainer<AnyKey>) throws -> Void

    /// Members written and read by `encode` and `decode`.
    init(
        keys: [String],
        encode: @escaping @Sendable (Root, inout KeyedEncodingContainer<AnyKey>) throws -> Void,
        decode: @escaping @Sendable (inout Root, KeyedDecodingContainer<AnyKey>) throws -> Void
    ) {
        self.keys = keys
        self.encode = encode
        self.decode = decode
    }

    /// A property written as itself, required or added later.
    init<Value: Codable & Sendable>(_ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ coding: Coding) {
        self.init(key, path, coding, as: { $0 }, read: { $0 })
    }

    /// A property written as `write` gives it (a flag's word, say) and read back by `read` (what it
    /// refuses does not read), required or added later (absent or `null`: the default).
    init<Value: Sendable, Coded: Codable & Sendable>(
        _ key: String,
        _ path: WritableKeyPath<Root, Value> & Sendable,
        _ coding: Coding,
        as write: @escaping @Sendable (Value) -> Coded,
        read: @escaping @Sendable (Coded) -> Value?
    ) {
        self.init(
            keys: [key],
            encode: { record, container in try container.encode(write(record[keyPath: path]), forKey: AnyKey(key)) },
            decode: { record, container in
                let codingKey = AnyKey(key)
                let coded: Coded? =
                    try coding == .required
                    ? container.decode(Coded.self, forKey: codingKey)
                    : container.decodeIfPresent(Coded.self, forKey: codingKey)
                guard let coded else { return }
                guard let value = read(coded) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: codingKey,
                        in: container,
                        debugDescription: "Cannot initialize \(Value.self) from invalid \(Coded.self) value \(coded)"
                    )
                }
                record[keyPath: path] = value
            }
        )
    }

    /// An optional property: absent from the JSON when nil, and nil when absent.
    init<Value: Codable & Sendable>(optional key: String, _ path: WritableKeyPath<Root, Value?> & Sendable) {
        self.init(
            keys: [key],
            encode: { record, container in try container.encodeIfPresent(record[keyPath: path], forKey: AnyKey(key)) },
            decode: { record, container in
                record[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: AnyKey(key))
            }
        )
    }

    /// An optional property added later whose default is not nil: nil is `null`; absent, the default.
    init<Value: Codable & Sendable>(nullable key: String, _ path: WritableKeyPath<Root, Value?> & Sendable) {
        self.init(
            keys: [key],
            encode: { record, container in
                if let value = record[keyPath: path] {
                    try container.encode(value, forKey: AnyKey(key))
                } else {
                    try container.encodeNil(forKey: AnyKey(key))
                }
            },
            decode: { record, container in
                guard container.contains(AnyKey(key)) else { return }
                record[keyPath: path] = try container.decodeIfPresent(Value.self, forKey: AnyKey(key))
            }
        )
    }
}

/// A record whose JSON is its list of members (``CodedField``), read over its defaults.
package protocol CodedRecord: Codable {
    /// The record with every member at its default.
    init()
    /// Its members, each listed once for both directions.
    static var codedFields: [CodedField<Self>] { get }
}

extension CodedRecord {
    /// Reads each member of `codedFields` over the defaults.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        self.init()
        for field in Self.codedFields { try field.decode(&self, container) }
    }

    /// Writes each member of `codedFields`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for field in Self.codedFields { try field.encode(self, &container) }
    }
}
