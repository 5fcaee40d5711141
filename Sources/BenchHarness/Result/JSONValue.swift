import Foundation

/// Any JSON value, kept exactly (64-bit integers are not rounded through `Double`).
///
/// Used for the result's `scenario` section, whose keys belong to the run (and, for a merged
/// result, to its inputs), so a result can be read back and rewritten without losing a key.
package enum JSONValue: Codable, Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits `Int64`.
    case integer(Int64)
    /// An integer above `Int64.max`.
    case unsigned(UInt64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    package init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value as it was read (a scalar encodes itself: one single-value container).
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value): try value.encode(to: encoder)
        case .integer(let value): try value.encode(to: encoder)
        case .unsigned(let value): try value.encode(to: encoder)
        case .number(let value): try value.encode(to: encoder)
        case .string(let value): try value.encode(to: encoder)
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .object(let members):
            var object = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in members { try object.encode(value, forKey: AnyKey(key)) }
        }
    }

    /// The members when this is an object.
    package var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string when this is a string.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of `key` when this is an object.
    package subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// The JSON form of an `Encodable` value.
    package init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes this value as a `T` (nil when it does not have `T`'s shape).
    package func decoded<T: Decodable>(as type: T.Type) -> T? {
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }
}

extension JSONValue {
    /// How ``text(_:)`` writes a value.
    package enum TextForm: Sendable {
        /// For a message (`compare`, `merge`): strings quoted, `null`, `[a,b]`, `{key=value,...}`.
        case compact
        /// For the HTML report: strings bare, `null` an em dash, whole numbers whole, `a, b`, `key=value, ...`.
        case cell
    }

    /// The value as text, in `form`.
    package func text(_ form: TextForm) -> String {
        let compact = form == .compact
        switch self {
        case .null: return compact ? "null" : "\u{2014}"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .unsigned(let number): return String(number)
        case .number(let number):
            let whole = !compact && number == number.rounded() && abs(number) < 1e15
            return whole ? String(Int64(number)) : String(number)
        case .string(let string): return compact ? "\"\(string)\"" : string
        case .array(let items):
            let texts = items.map { $0.text(form) }
            return compact ? "[" + texts.joined(separator: ",") + "]" : texts.joined(separator: ", ")
        case .object(let members):
            guard compact else {
                return flattened().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            }
            return "{" + members.keys.sorted().map { "\($0)=\(members[$0]!.text(form))" }.joined(separator: ",") + "}"
        }
    }

    /// The value as `key: cell text` pairs, nested members as `parent.key` (else one: `value`).
    package func flattened(prefix: String = "") -> [String: String] {
        guard case .object(let members) = self else { return [prefix.isEmpty ? "value" : prefix: text(.cell)] }
        var out: [String: String] = [:]
        for (key, member) in members {
            let name = prefix.isEmpty ? key : "\(prefix).\(key)"
            if case .object = member {
                out.merge(member.flattened(prefix: name)) { first, _ in first }
            } else {
                out[name] = member.text(.cell)
            }
        }
        return out
    }
}

/// A coding key made from any string (object members of `JSONValue`).
package struct AnyKey: CodingKey {
    /// The member name.
    package var stringValue: String
    /// Never used: JSON object members are named.
    package var intValue: Int? { nil }

    /// A key named `string`.
    package init(_ string: String) { stringValue = string }
    /// A key named `stringValue`.
    package init?(stringValue: String) { self.stringValue = stringValue }
    /// Integer keys are not used.
    package init?(intValue: Int) { nil }
}
