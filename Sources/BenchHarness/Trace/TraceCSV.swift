/// The trace file format shared by `run --record-trace` (writer) and `sweep --trace` (reader).
///
/// UTF-8 text; the first line is exactly `time_ms,op,device,requestor,resource`; then one access
/// per line: `time_ms` a non-negative decimal integer (milliseconds since the start of the
/// measured phase, non-decreasing from line to line), `op` one of `get`, `check`, `verify`,
/// `logout`, then the device, requestor and resource identifiers (no commas, quotes or newlines;
/// only `resource` may be empty, and only for `logout`). Lines end with `\n` (a `\r` before it is
/// ignored); the last line's newline is optional.
package enum TraceCSV {
    /// The header line, without its newline.
    package static let header = "time_ms,op,device,requestor,resource"

    /// Parses a whole trace file; `source` names the file in error messages.
    ///
    /// - Throws: `BenchError.badInput` (exit 65), one line: `SOURCE: ...` for an empty file,
    ///   `SOURCE:LINE: ...what was expected` for the first malformed line.
    /// - Complexity: O(bytes).
    package static func decode(_ bytes: [UInt8], source: String) throws(BenchError) -> [TraceRecord] {
        guard !bytes.isEmpty else {
            throw .badInput("\(source): empty file; expected the header line '\(header)'")
        }
        var records: [TraceRecord] = []
        var previousTime: Int64 = 0
        try TextLines.forEach(bytes) { (lineNumber, line) throws(BenchError) in
            if lineNumber == 1 {
                guard line.elementsEqual(header.utf8) else {
                    throw .badInput("\(source):1: expected the header line '\(header)'")
                }
            } else {
                let record = try parse(line, source: source, lineNumber: lineNumber)
                guard record.timeMillis >= previousTime else {
                    throw .badInput(
                        "\(source):\(lineNumber): time_ms \(record.timeMillis) is below the previous "
                            + "line's \(previousTime); expected non-decreasing times"
                    )
                }
                previousTime = record.timeMillis
                records.append(record)
            }
        }
        return records
    }

    /// One record line (no newline).
    private static func parse(
        _ line: ArraySlice<UInt8>,
        source: String,
        lineNumber: Int
    ) throws(BenchError) -> TraceRecord {
        let place = "\(source):\(lineNumber)"
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(5)
        var fieldStart = line.startIndex
        for index in line.indices where line[index] == 0x2C {
            fields.append(line[fieldStart..<index])
            fieldStart = index + 1
        }
        fields.append(line[fieldStart..<line.endIndex])
        guard fields.count == 5 else {
            throw .badInput("\(place): expected 5 comma-separated fields (\(header)), got \(fields.count)")
        }
        guard let time = nonNegativeInteger(fields[0]) else {
            throw .badInput(
                "\(place): time_ms: expected a non-negative integer (milliseconds), got '\(shown(fields[0]))'"
            )
        }
        guard let opText = String(validating: fields[1], as: UTF8.self), let op = TraceOperation(rawValue: opText)
        else {
            throw .badInput("\(place): op: expected get, check, verify or logout, got '\(shown(fields[1]))'")
        }
        var names: [String] = []
        for (offset, name) in ["device", "requestor", "resource"].enumerated() {
            let field = fields[2 + offset]
            // Quotes and control characters (a `\r` inside a line among them) are not identifiers: a
            // `\r` would not survive writing the record back (found by the FuzzTraceCSV target).
            if field.contains(where: { $0 == 0x22 || $0 < 0x20 || $0 == 0x7F }) {
                throw .badInput("\(place): \(name): expected an identifier without quotes or control characters")
            }
            guard let text = String(validating: field, as: UTF8.self) else {
                throw .badInput("\(place): \(name): expected UTF-8 text")
            }
            if text.isEmpty && !(name == "resource" && op == .logout) {
                throw .badInput(
                    "\(place): \(name): expected a non-empty identifier"
                        + (name == "resource" ? " (only logout lines may leave it empty)" : "")
                )
            }
            names.append(text)
        }
        return TraceRecord(timeMillis: time, op: op, device: names[0], requestor: names[1], resource: names[2])
    }

    /// The value of a field made only of ASCII digits that fits `Int64`.
    private static func nonNegativeInteger(_ field: ArraySlice<UInt8>) -> Int64? {
        guard !field.isEmpty, field.count <= 19 else { return nil }
        var value: Int64 = 0
        for byte in field {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow && !carry else { return nil }
            value = sum
        }
        return value
    }

    /// A field (or line) for an error message: at most 24 characters, anything but printable ASCII
    /// as `?`.
    static func shown(_ field: ArraySlice<UInt8>) -> String {
        var text = String(decoding: field.prefix(24).map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
        if field.count > 24 { text += "..." }
        return text
    }

    /// The file text of `records`: the header line, then one line per record, each ending in `\n`.
    ///
    /// Identifiers are written as they are: they must not contain commas, quotes or newlines.
    ///
    /// - Complexity: O(total length).
    package static func encode(_ records: [TraceRecord]) -> String {
        var text = header
        text.append("\n")
        text.reserveCapacity(records.count * 32 + header.utf8.count + 1)
        for record in records {
            text.append(String(record.timeMillis))
            text.append(",")
            text.append(record.op.rawValue)
            text.append(",")
            text.append(record.device)
            text.append(",")
            text.append(record.requestor)
            text.append(",")
            text.append(record.resource)
            text.append("\n")
        }
        return text
    }
}

/// The lines of a trace file, as both trace formats split them: each ends with `\n` (a `\r`
/// before it is dropped); the last line's newline is optional.
enum TextLines {
    /// Calls `body` with each line's number (from 1) and bytes (without its end), in order.
    ///
    /// - Complexity: O(bytes).
    static func forEach(
        _ bytes: [UInt8],
        _ body: (_ number: Int, _ line: ArraySlice<UInt8>) throws(BenchError) -> Void
    ) throws(BenchError) {
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            try body(lineNumber, bytes[start..<lineEnd])
            start = end + 1
        }
    }
}
