/// The key-per-line trace format: the classic cache-replacement traces (the LIRS and ARC papers'
/// block and page traces) and libCacheSim's `txt` traces, as `sweep --trace FILE --trace-format
/// keys` reads them.
///
/// UTF-8 text, one key per line, in access order; every key is an opaque identifier (any bytes but
/// whitespace and control characters, commonly a decimal block number). Lines end with `\n` (a
/// `\r` before it is ignored, as the LIRS `loop` trace has them). Blank lines and lines that are
/// exactly `*` (the LIRS traces' marker) are skipped, as Caffeine's LIRS trace reader skips them.
///
/// Each key becomes one `get` of the authorization cache (time = the line's ordinal, in
/// milliseconds; entries never expire in a sweep), so distinct keys are distinct cache keys and
/// every strategy sees exactly the trace's reference string.
package enum TraceKeys {
    /// The requestor and resource every key's cache entry is made with (the key is the device).
    package static let requestor = "trace"
    /// See ``requestor``.
    package static let resource = "key"

    /// Parses a whole key-per-line file; `source` names the file in error messages.
    ///
    /// - Throws: `BenchError.badInput` (exit 65), one line: `SOURCE: ...` for a file with no key,
    ///   `SOURCE:LINE: ...what was expected` for the first malformed line.
    /// - Complexity: O(bytes).
    package static func decode(_ bytes: [UInt8], source: String) throws(BenchError) -> [TraceRecord] {
        var records: [TraceRecord] = []
        var lines = Lines(source: source)
        try TextLines.forEach(bytes) { (lineNumber, line) throws(BenchError) in
            if let record = try lines.record(lineNumber, line) { records.append(record) }
        }
        guard !records.isEmpty else { throw noKey(source) }
        return records
    }

    /// The error of a file without a key.
    static func noKey(_ source: String) -> BenchError {
        .badInput("\(source): no key; expected one key per line")
    }

    /// The lines of one keys trace, read in order.
    struct Lines {
        /// The file, as errors name it.
        let source: String
        /// Keys read so far.
        private(set) var keys = 0

        /// Lines of `source`.
        init(source: String) {
            self.source = source
        }

        /// The record of line `lineNumber` (nil for a blank or `*` line).
        ///
        /// - Throws: `BenchError.badInput` naming the file and line: a key with a space or a
        ///   control character, not UTF-8, or a first line that is a CSV trace's header (a CSV
        ///   trace given as keys would replay its header and every line as keys).
        mutating func record(_ lineNumber: Int, _ line: ArraySlice<UInt8>) throws(BenchError) -> TraceRecord? {
            if line.isEmpty || line.elementsEqual([0x2A]) { return nil }
            // Space, tab and every control character (a `\r` inside a line among them).
            if line.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
                throw .badInput(
                    "\(source):\(lineNumber): expected one key per line (no spaces, tabs or control "
                        + "characters), got '\(TraceCSV.shown(line))'"
                )
            }
            guard let key = String(validating: line, as: UTF8.self) else {
                throw .badInput("\(source):\(lineNumber): expected a key in UTF-8 text")
            }
            if keys == 0, key == TraceCSV.header {
                throw .badInput(
                    "\(source):\(lineNumber): the header of a CSV trace ('\(TraceCSV.header)'), not a key; "
                        + "expected one key per line (pass --trace-format csv for a CSV trace)"
                )
            }
            keys += 1
            return TraceRecord(
                timeMillis: Int64(keys - 1),
                op: .get,
                device: key,
                requestor: requestor,
                resource: resource
            )
        }
    }
}
