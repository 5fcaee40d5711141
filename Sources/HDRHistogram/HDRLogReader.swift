// Reader of HdrHistogram interval logs (.hlog): header comments, legend, and interval lines.

/// One interval of an HdrHistogram log.
public struct HDRLogEntry: Sendable, Equatable {
    /// The interval's tag, or nil when untagged.
    public let tag: String?
    /// The interval start in seconds, as written (relative to the log's base time).
    public let startSeconds: Double
    /// The interval length in seconds.
    public let lengthSeconds: Double
    /// The interval max as written (scaled by the writer's max-value unit ratio).
    public let maxValue: Double
    /// The decoded interval histogram.
    public let histogram: HDRHistogram
}

/// A malformed interval log: the 1-based line number and what is wrong there.
public struct HDRLogError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line number of the offending line.
    public let line: Int
    /// What is wrong with it.
    public let message: String

    /// One line: `line N: message`.
    public var description: String { "line \(line): \(message)" }
}

/// One comment line of an interval log (`#...`), kept so that a tool can read its own metadata
/// from the header (HdrHistogram's readers skip comments, so metadata lives there).
public struct HDRLogComment: Sendable, Equatable {
    /// The 1-based line number.
    public let line: Int
    /// The text after the `#`, without the line break.
    public let text: String

    /// A comment at `line` with `text` (after the `#`).
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }
}

/// A parsed HdrHistogram interval log.
public struct HDRLog: Sendable {
    /// `#[StartTime: ...]` in seconds since the epoch, when present.
    public var startTimeSeconds: Double?
    /// `#[BaseTime: ...]` in seconds since the epoch, when present.
    public var baseTimeSeconds: Double?
    /// `#[Histogram log format version X]`, when present.
    public var formatVersion: String?
    /// The intervals, in file order.
    public var entries: [HDRLogEntry] = []
    /// Every comment line, in file order (the ones read above included); a log without comments
    /// has none.
    public var comments: [HDRLogComment] = []

    /// Parses log text; any line that is not a comment, the legend, blank, or a valid interval throws
    /// an `HDRLogError` naming its line number.
    public init(parsing text: String) throws(HDRLogError) {
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if let entry = try read(line: rawLine, lineNumber: lineNumber) { entries.append(entry) }
        }
    }

    /// A log with nothing read yet, for reading one line at a time (``read(line:lineNumber:)``).
    public init() {}

    /// Reads one line (without its `\n`; a trailing `\r` is dropped): a comment is kept in
    /// ``comments`` (and the start and base time read from it), the legend and blank lines are
    /// skipped, an interval is decoded and returned, not kept in ``entries``. A reader of a long log
    /// thus holds one interval at a time.
    ///
    /// - Throws: `HDRLogError` at `lineNumber` when the line is none of those.
    public mutating func read(line rawLine: Substring, lineNumber: Int) throws(HDRLogError) -> HDRLogEntry? {
        let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
        if line.isEmpty || line.hasPrefix("\"StartTimestamp\"") { return nil }
        if line.hasPrefix("#") {
            try parseComment(line, lineNumber: lineNumber)
            return nil
        }
        return try Self.parseInterval(line, lineNumber: lineNumber)
    }

    private mutating func parseComment(_ line: Substring, lineNumber: Int) throws(HDRLogError) {
        comments.append(HDRLogComment(line: lineNumber, text: String(line.dropFirst())))
        if let rest = line.dropPrefix("#[StartTime: ") {
            startTimeSeconds = try Self.leadingSeconds(rest, lineNumber: lineNumber, field: "StartTime")
        } else if let rest = line.dropPrefix("#[BaseTime: ") {
            baseTimeSeconds = try Self.leadingSeconds(rest, lineNumber: lineNumber, field: "BaseTime")
        } else if let rest = line.dropPrefix("#[Histogram log format version "), rest.hasSuffix("]") {
            formatVersion = String(rest.dropLast())
        }
    }

    private static func leadingSeconds(_ rest: Substring, lineNumber: Int, field: String) throws(HDRLogError) -> Double
    {
        let number = rest.prefix { $0 != " " }
        guard let seconds = Double(number), seconds.isFinite else {
            throw HDRLogError(line: lineNumber, message: "\(field) \"\(number)\" is not a number of seconds")
        }
        return seconds
    }

    private static func parseInterval(_ line: Substring, lineNumber: Int) throws(HDRLogError) -> HDRLogEntry {
        var fields = line.split(separator: ",", omittingEmptySubsequences: false)
        var tag: String?
        if let first = fields.first, let name = first.dropPrefix("Tag=") {
            guard !name.isEmpty else { throw HDRLogError(line: lineNumber, message: "empty Tag=") }
            tag = String(name)
            fields.removeFirst()
        }
        guard fields.count == 4 else {
            throw HDRLogError(
                line: lineNumber,
                message: "expected [Tag=NAME,]start,length,max,payload but found \(fields.count) fields"
            )
        }
        var numbers: [Double] = []
        for (name, field) in zip(["start", "length", "max"], fields.prefix(3)) {
            guard let number = Double(field), number.isFinite, number >= 0 else {
                throw HDRLogError(line: lineNumber, message: "\(name) \"\(field)\" is not a non-negative number")
            }
            numbers.append(number)
        }
        let histogram: HDRHistogram
        do {
            histogram = try HDRHistogram(decodingBase64: fields[3])
        } catch {
            throw HDRLogError(line: lineNumber, message: "histogram payload: \(error.message)")
        }
        return HDRLogEntry(
            tag: tag,
            startSeconds: numbers[0],
            lengthSeconds: numbers[1],
            maxValue: numbers[2],
            histogram: histogram
        )
    }
}

extension Substring {
    /// The rest after `prefix`, or nil when the substring does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
