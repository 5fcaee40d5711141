import Foundation
import Testing

/// What `scripts/check-hdr-interop.py` prints for one histogram (numbers from HdrHistogram's Python port).
package struct PythonHistogramSummary: Decodable {
    package let lowest: UInt64
    package let highest: UInt64
    package let digits: Int
    package let count: UInt64
    package let min: UInt64
    package let max: UInt64
    package let mean: Double
    package let stddev: Double
    package let percentiles: [String: UInt64]
    package let slots: [[UInt64]]
    package let tag: String?
    package let startMillis: Double?
}

/// HdrHistogram's Python port, through `scripts/check-hdr-interop.py`: an independent reader of
/// our histograms, `.hlog` files and V2 payloads.
package enum HDRPythonPort {
    package static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/check-hdr-interop.py")

    /// Runs the script; nil (with an Issue recorded) when Python or the `hdrh` module is missing.
    package static func run(_ arguments: [String]) throws -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return data
        case 3, 127:
            Issue.record("HdrHistogram's Python port is needed: python3 -m pip install hdrhistogram (\(message))")
            return nil
        default:
            Issue.record("check-hdr-interop.py failed (\(process.terminationStatus)): \(message)")
            return nil
        }
    }

}
