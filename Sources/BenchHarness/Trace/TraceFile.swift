import Foundation

/// Writes a run's trace file.
package enum TraceFile {
    /// Writes `trace` (no trace: just the header) to `path` atomically.
    package static func write(_ trace: RecordedTrace?, to path: String) throws(BenchError) {
        let bytes = trace?.csvBytes() ?? Array((TraceCSV.header + "\n").utf8)
        try AtomicFile.write(Data(bytes), to: path)
    }
}
