#if canImport(Glibc)
import Glibc
#endif

/// Reads a trace file for `sweep --trace` as a stream: a chunk at a time from the file, inflated a
/// piece at a time when it is gzip'd, split into lines and each line replayed into the sequence
/// (`TraceReplay`) as it is read. Memory is the sequence (12 bytes per lookup and the distinct
/// names), never the file or its inflated text; and the trace is bounded (``maxRecords``,
/// ``maxTextBytes``, ``maxLineBytes``), so a small compressed file cannot cost more than a stated
/// amount of time and memory.
package enum TraceReader {
    /// The trace's layout (`--trace-format`).
    package enum Format: String, Sendable, CaseIterable {
        /// `time_ms,op,device,requestor,resource` (`TraceCSV`).
        case csv
        /// One key per line (`TraceKeys`).
        case keys
    }

    /// The most records (lines that are not the header, blank or `*`) a trace may hold: the
    /// synthetic workload's bound too (`AccessSequence.maxOperations`).
    package static var maxRecords: Int { AccessSequence.maxOperations }
    /// The most bytes of text a trace may hold, once inflated: 1 GiB, far beyond ``maxRecords``
    /// lines of a trace (a few dozen bytes each), and what a file of blank lines costs to skip.
    package static let maxTextBytes = 1 << 30
    /// The longest line, bytes.
    package static let maxLineBytes = 64 << 10
    /// The bounds as the errors and the documentation say them.
    package static var boundsText: String {
        "at most \(maxRecords) records, \(maxTextBytes >> 30) GiB of text once inflated and "
            + "\(maxLineBytes >> 10) KiB per line"
    }

    /// The access sequence of the trace at `path` (`-` is not taken: a trace is a file) in
    /// `format`, and its record count; `bounds` are ``maxRecords`` and ``maxTextBytes`` unless a
    /// test sets smaller ones.
    ///
    /// - Throws: `BenchError.noInput` when the file is missing or not a regular file;
    ///   `BenchError.badInput` naming the file (and line) for a malformed or corrupt trace, or one
    ///   beyond a bound; `BenchError.ioError` when reading fails.
    package static func read(
        _ path: String,
        format: Format,
        bounds: (records: Int, textBytes: Int) = (maxRecords, maxTextBytes)
    ) throws(BenchError) -> (sequence: AccessSequence, records: Int) {
        let descriptor = try InputFile.open(path, what: "--trace")
        defer { close(descriptor) }
        var reader = Lines(path: path, format: format, bounds: bounds)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var gzip: GzipStream?
        var first = true
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .ioError("--trace \(path): cannot be read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            if first, Gzip.isCompressed(chunk[..<count]) { gzip = try GzipStream(source: path) }
            first = false
            if let gzip {
                try gzip.inflate(chunk[..<count]) { (piece: ArraySlice<UInt8>) throws(BenchError) in
                    try reader.feed(piece)
                }
            } else {
                try reader.feed(chunk[..<count])
            }
        }
        try gzip?.finish()
        return try reader.finish()
    }

    /// The line-by-line replay of one trace.
    private struct Lines {
        let path: String
        let format: Format
        let bounds: (records: Int, textBytes: Int)
        var text: TextLineStream
        var csv: TraceCSV.Lines
        var keys: TraceKeys.Lines
        var replay = TraceReplay()
        var records = 0
        var bytes = 0

        init(path: String, format: Format, bounds: (records: Int, textBytes: Int)) {
            self.path = path
            self.format = format
            self.bounds = bounds
            text = TextLineStream(source: path, maxLineBytes: TraceReader.maxLineBytes)
            csv = TraceCSV.Lines(source: path)
            keys = TraceKeys.Lines(source: path)
        }

        mutating func feed(_ piece: ArraySlice<UInt8>) throws(BenchError) {
            bytes += piece.count
            guard bytes <= bounds.textBytes else {
                throw .badInput(
                    "\(path): more than \(bounds.textBytes) bytes of text; expected a trace of \(TraceReader.boundsText)"
                )
            }
            var text = self.text
            defer { self.text = text }
            try text.feed(piece) { (number, line) throws(BenchError) in try self.line(number, line) }
        }

        mutating func finish() throws(BenchError) -> (sequence: AccessSequence, records: Int) {
            var text = self.text
            try text.finish { (number, line) throws(BenchError) in try self.line(number, line) }
            switch format {
            case .csv where text.lineNumber == 0: throw TraceCSV.empty(path)
            case .keys where records == 0: throw TraceKeys.noKey(path)
            default: return (replay.sequence, records)
            }
        }

        private mutating func line(_ number: Int, _ line: ArraySlice<UInt8>) throws(BenchError) {
            let record = format == .csv ? try csv.record(number, line) : try keys.record(number, line)
            guard let record else { return }
            records += 1
            guard records <= bounds.records else {
                throw .badInput(
                    "\(path):\(number): more than \(bounds.records) records; expected a trace of \(TraceReader.boundsText)"
                )
            }
            replay.add(record)
        }
    }
}
