import Foundation
import Testing

/// One metric family as prometheus_client's parser reads it (`scripts/ci/check-prometheus-text.py`).
package struct ParsedMetricFamily: Decodable, Equatable {
    /// One sample line.
    package struct Sample: Decodable, Equatable {
        package let name: String
        package let labels: [String: String]
        package let value: Double
    }
    /// The family name (a counter's without `_total`, as the parser reports it).
    package let name: String
    package let type: String
    package let help: String
    package let samples: [Sample]
}

/// prometheus_client's parser, the reference reader of the text exposition format.
package enum PrometheusParser {
    package static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/ci/check-prometheus-text.py")

    /// The families of the exposition in `file`; nil with an Issue recorded when Python or
    /// prometheus_client is missing or the file does not parse.
    package static func parse(_ file: URL) throws -> [ParsedMetricFamily]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return try JSONDecoder().decode([ParsedMetricFamily].self, from: data)
        case 3, 127:
            Issue.record("prometheus_client is needed: python3 -m pip install prometheus-client (\(message))")
        default:
            Issue.record("the exposition does not parse (\(process.terminationStatus)): \(message)")
        }
        return nil
    }
}
