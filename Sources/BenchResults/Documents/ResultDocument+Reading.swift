import Foundation
import HDRHistogram
import BenchHarness

extension ResultDocument {
    /// The largest result file read (bytes).
    package static let readLimit = 256 << 20

    /// Reads and checks a result file: schema version 1, every key of the schema with its type, and
    /// every histogram payload decodable.
    ///
    /// - Throws: `BenchError.badInput` (exit 65) with one line naming the file and, when the JSON is
    ///   well formed but not a result, the JSON path (`$.summary.requests`) and what was expected.
    package static func read(from path: String) throws(BenchError) -> ResultDocument {
        let bytes = try InputFile.read(path, limit: readLimit, what: "result file")
        return try parse(Data(bytes), file: path)
    }

    /// Parses and checks result JSON; `file` names it in errors (see `read(from:)`).
    package static func parse(_ data: Data, file: String) throws(BenchError) -> ResultDocument {
        guard !data.isEmpty else { throw .badInput("\(file): empty file; expected an authz-bench result (JSON)") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .badInput("\(file): not valid JSON (truncated or not a result file); expected an authz-bench result")
        }
        guard let object = root as? [String: Any] else {
            throw .badInput("\(file): $: expected a JSON object (an authz-bench result)")
        }
        guard let version = object["schemaVersion"] else {
            throw .badInput("\(file): $.schemaVersion: missing; expected an authz-bench result with schemaVersion 1")
        }
        guard let number = version as? NSNumber, number.doubleValue == Double(currentSchemaVersion) else {
            throw .badInput("\(file): $.schemaVersion: expected \(currentSchemaVersion), found \(version)")
        }
        let document: ResultDocument
        do {
            document = try JSONDecoder().decode(ResultDocument.self, from: data)
        } catch let error as DecodingError {
            throw .badInput("\(file): \(describe(error))")
        } catch {
            throw .badInput("\(file): not an authz-bench result: \(error)")
        }
        guard document.tool == "authz-bench" else {
            throw .badInput("\(file): $.tool: expected \"authz-bench\", found \"\(document.tool)\"")
        }
        _ = try document.decodedHistograms(file: file)
        return document
    }

    /// Every histogram of the document, decoded, by its JSON path (`$.latency.responseTime`, ...).
    package func decodedHistograms(file: String) throws(BenchError) -> [String: HDRHistogram] {
        var result: [String: HDRHistogram] = [:]
        for kind in LatencyKind.allCases {
            result["$.latency.\(kind.rawValue)"] = try latency[kind]?.decoded(file: file, path: "$.latency.\(kind.rawValue)")
            result["$.warmup.\(kind.rawValue)"] = try warmup[kind]?.decoded(file: file, path: "$.warmup.\(kind.rawValue)")
        }
        for (name, summary) in stages {
            result["$.stages.\(name)"] = try summary.decoded(file: file, path: "$.stages.\(name)")
        }
        if let inFlight = concurrency?.inFlight {
            result["$.concurrency.inFlight"] = try inFlight.decoded(file: file, path: "$.concurrency.inFlight")
        }
        return result
    }

    /// One line for a decoding error: the JSON path and what was expected there.
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(jsonPath(context.codingPath + [key])): missing; expected a schemaVersion 1 result"
        case .typeMismatch(let type, let context):
            return "\(jsonPath(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(jsonPath(context.codingPath)): is null; expected \(typeName(type))"
        case .dataCorrupted(let context):
            return "\(jsonPath(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "not a schemaVersion 1 result"
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
            String(describing: type).hasPrefix("Dictionary") ? "an object" :
                String(describing: type).hasPrefix("Array") ? "an array" : "an object (\(type))"
        }
    }
}
