import BenchHarness
import Foundation

/// Reading any kind of file back: the header checked, every key with its type, then the kind's own
/// checks; one line per error, naming the file, the JSON path and the kind expected.
extension BenchDocument {
    /// The largest file read (bytes).
    package static var readLimit: Int { 256 << 20 }

    /// Reads and checks the file at `path` (see `parse(_:file:)`).
    ///
    /// - Throws: `BenchError.badInput` (exit 65) with one line naming the file.
    package static func read(from path: String) throws(BenchError) -> Self {
        let bytes = try InputFile.read(path, limit: readLimit, what: "\(fileDescription) file")
        return try parse(Data(bytes), file: path)
    }

    /// Parses and checks JSON of this kind; `file` names it in errors.
    ///
    /// The bytes are parsed once: the header (`schemaVersion`, `tool`, `kind`) is read and checked
    /// first from the same decoder that then reads the document, so a large file costs one parse,
    /// and memory what the document keeps.
    ///
    /// - Throws: `BenchError.badInput` (exit 65) with one line naming the file and, when the JSON is
    ///   well formed but not of this kind, the JSON path (`$.summary.requests`) and what was expected.
    package static func parse(_ data: Data, file: String) throws(BenchError) -> Self {
        let document = try decode(HeaderChecked<Self>.self, from: data, file: file).document
        try document.checkRead(file: file)
        return document
    }

    /// The checks after decoding: the `tool`, then the kind's own (`check(file:)`).
    package func checkRead(file: String) throws(BenchError) {
        guard tool == BenchDocumentHeader.tool else {
            throw .badInput("\(file): $.tool: expected \"\(BenchDocumentHeader.tool)\", found \"\(tool)\"")
        }
        try check(file: file)
    }

    /// Decodes `type` (a document, or a wrapper that picks one) from `data`, each error one line
    /// naming `file` (see ``parse(_:file:)``).
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws(BenchError) -> Value
    {
        let expected = "an authz-bench \(fileDescription)"
        guard !data.isEmpty else { throw .badInput("\(file): empty file; expected \(expected) (JSON)") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as HeaderFailure {
            throw .badInput("\(file): \(error.message)")
        } catch let error as DecodingError {
            let failsAtRoot = { (candidate: Data) -> Bool in
                do {
                    _ = try JSONDecoder().decode(type, from: candidate)
                    return false
                } catch DecodingError.dataCorrupted(let context) {
                    return context.codingPath.isEmpty
                } catch {
                    return false
                }
            }
            throw .badInput("\(file): \(describe(error, in: data, expected: expected, failsAtRoot: failsAtRoot))")
        } catch {
            throw .badInput("\(file): not \(expected): \(error)")
        }
    }

    /// One line for a decoding error of `data`: the JSON path and what was expected there; for a
    /// number that fits no integer (a count of 200.5) the path of that number, which the decoder
    /// does not give (`JSONPathLocator`, with `failsAtRoot` deciding whether a text still fails
    /// that way).
    static func describe(
        _ error: DecodingError,
        in data: Data,
        expected: String,
        failsAtRoot: (Data) -> Bool
    ) -> String {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
            if let number = JSONPathLocator.numberThatFitsNoInteger(in: data, failsAtRoot: failsAtRoot) {
                return "\(number.path): expected an integer, got \(number.literal)"
            }
            return "not valid JSON (truncated or not a \(fileDescription) file); expected \(expected)"
        }
        return describe(error)
    }

    /// One line for a decoding error: the JSON path and what was expected there.
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(jsonPath(context.codingPath + [key])): missing; expected a schemaVersion 1 \(fileDescription)"
        case .typeMismatch(let type, let context):
            return "\(jsonPath(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(jsonPath(context.codingPath)): is null; expected \(typeName(type))"
        case .dataCorrupted(let context):
            return "\(jsonPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "not a schemaVersion 1 \(fileDescription)"
        }
    }

    /// `$.a.b[2]["p99.9"]` for a coding path.
    package static func jsonPath(_ path: [any CodingKey]) -> String {
        var text = "$"
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else if key.stringValue.contains(".") {
                text += "[\"\(key.stringValue)\"]"
            } else {
                text += "." + key.stringValue
            }
        }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is UInt64.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        default:
            String(describing: type).hasPrefix("Dictionary")
                ? "an object" : String(describing: type).hasPrefix("Array") ? "an array" : "an object (\(type))"
        }
    }
}

/// A header that is not the kind's: one line, the JSON path and what was expected.
struct HeaderFailure: Error {
    /// The line (without the file).
    var message: String
}

/// Decodes a document after checking its header from the same decoder (one parse of the bytes).
struct HeaderChecked<Document: BenchDocument>: Decodable {
    /// The document.
    var document: Document

    private enum Key: String, CodingKey {
        case schemaVersion, kind
    }

    init(from decoder: any Decoder) throws {
        let expected = "an authz-bench \(Document.fileDescription)"
        guard let header = try? decoder.container(keyedBy: Key.self) else {
            throw HeaderFailure(message: "$: expected a JSON object (\(expected))")
        }
        let schemaVersion = BenchDocumentHeader.schemaVersion
        guard let version = (try? header.decodeIfPresent(JSONValue.self, forKey: .schemaVersion)) ?? nil else {
            throw HeaderFailure(
                message: "$.schemaVersion: missing; expected \(expected) with schemaVersion \(schemaVersion)"
            )
        }
        guard Self.number(version) == Double(schemaVersion) else {
            throw HeaderFailure(message: "$.schemaVersion: expected \(schemaVersion), found \(Self.shown(version))")
        }
        if let kind = Document.documentKind {
            let found = (try? header.decodeIfPresent(JSONValue.self, forKey: .kind)) ?? nil
            guard found?.stringValue == kind else {
                throw HeaderFailure(message: "$.kind: expected \"\(kind)\", found \(found.map(Self.shown) ?? "none")")
            }
        }
        document = try Document(from: decoder)
    }

    /// A JSON number's value (nil for anything else).
    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .unsigned(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }

    /// A header value as messages show it: a string as it is, anything else as JSON.
    private static func shown(_ value: JSONValue) -> String {
        value.stringValue ?? value.text(.compact)
    }
}
