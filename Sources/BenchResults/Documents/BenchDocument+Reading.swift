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
    /// - Throws: `BenchError.badInput` (exit 65) with one line naming the file and, when the JSON is
    ///   well formed but not of this kind, the JSON path (`$.summary.requests`) and what was expected.
    package static func parse(_ data: Data, file: String) throws(BenchError) -> Self {
        let expected = "an authz-bench \(fileDescription)"
        guard !data.isEmpty else { throw .badInput("\(file): empty file; expected \(expected) (JSON)") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .badInput(
                "\(file): not valid JSON (truncated or not a \(fileDescription) file); expected \(expected)"
            )
        }
        guard let object = root as? [String: Any] else {
            throw .badInput("\(file): $: expected a JSON object (\(expected))")
        }
        guard let version = object["schemaVersion"] else {
            throw .badInput("\(file): $.schemaVersion: missing; expected \(expected) with schemaVersion 1")
        }
        let schemaVersion = BenchDocumentHeader.schemaVersion
        guard let number = version as? NSNumber, number.doubleValue == Double(schemaVersion) else {
            throw .badInput("\(file): $.schemaVersion: expected \(schemaVersion), found \(version)")
        }
        if let kind = documentKind {
            guard let found = object["kind"] as? String, found == kind else {
                throw .badInput(
                    "\(file): $.kind: expected \"\(kind)\", found \(object["kind"].map { "\($0)" } ?? "none")"
                )
            }
        }
        let document: Self
        do {
            document = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw .badInput("\(file): \(describe(error))")
        } catch {
            throw .badInput("\(file): not \(expected): \(error)")
        }
        guard document.tool == BenchDocumentHeader.tool else {
            throw .badInput("\(file): $.tool: expected \"\(BenchDocumentHeader.tool)\", found \"\(document.tool)\"")
        }
        try document.check(file: file)
        return document
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
