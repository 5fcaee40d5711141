// HdrHistogram interval logs (.hlog), format version 1.3, as Java's HistogramLogWriter writes them.

/// Builds the text of an HdrHistogram interval log (format 1.3); the caller writes it to a file,
/// whole (`text`) or line by line (`header`, then `line` per interval) as the intervals complete.
///
/// Layout: `#[Histogram log format version 1.3]`, `#[StartTime: <s> (seconds since epoch), <date>]`,
/// `#[BaseTime: <s> (seconds since epoch)]`, the legend line, then one line per interval:
/// `[Tag=NAME,]start,length,max,HISTF...` with start relative to BaseTime in seconds (`%.3f`), and
/// max = the interval's max value divided by `maxValueUnitRatio` (Java's default 1e6: ns -> ms).
public struct HDRLogWriter: Sendable {
    /// The log format version written in the header.
    public static let formatVersion = "1.3"

    /// The log text written so far.
    public private(set) var text = ""
    /// The ratio the interval max is divided by (1_000_000.0: nanoseconds shown as milliseconds).
    public let maxValueUnitRatio: Double

    /// Starts a log: optional comment lines, the version, StartTime and BaseTime (both
    /// `startTimeMillis`, so interval timestamps are seconds since the start), and the legend.
    public init(startTimeMillis: Int64, maxValueUnitRatio: Double = 1_000_000.0, comments: [String] = []) {
        self.maxValueUnitRatio = maxValueUnitRatio
        text = Self.header(startTimeMillis: startTimeMillis, comments: comments)
    }

    /// The header of a log, as `init` starts `text`: for a caller that writes a file line by line
    /// (each interval with ``line(_:startSeconds:lengthSeconds:tag:)``) instead of keeping the text.
    public static func header(startTimeMillis: Int64, comments: [String] = []) -> String {
        var text = ""
        for comment in comments {
            text += commentLine(comment)
        }
        text += "#[Histogram log format version \(Self.formatVersion)]\n"
        let seconds = JavaFixedFormat.fixed(Double(startTimeMillis) / 1000.0, decimals: 3)
        text += "#[StartTime: \(seconds) (seconds since epoch), \(Self.javaDateString(millis: startTimeMillis))]\n"
        text += "#[BaseTime: \(seconds) (seconds since epoch)]\n"
        text += "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
        return text
    }

    /// One comment line: `#` and `comment` (line breaks removed), ending in a line break. Readers
    /// skip comment lines wherever they are, so one may also follow the intervals.
    public static func commentLine(_ comment: String) -> String {
        "#" + comment.filter { $0 != "\n" && $0 != "\r" } + "\n"
    }

    /// Whether `tag` can be written (no commas, spaces or line breaks, not empty).
    public static func isValidTag(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.contains { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\r" }
    }

    /// Appends one interval: start and length in seconds (relative to the log's base time).
    ///
    /// Throws when the tag is invalid (as Java does) or the histogram cannot be compressed.
    public mutating func append(
        _ histogram: HDRHistogram,
        startSeconds: Double,
        lengthSeconds: Double,
        tag: String? = nil
    ) throws(HDRCodecError) {
        text += try line(histogram, startSeconds: startSeconds, lengthSeconds: lengthSeconds, tag: tag)
    }

    /// The line `append` adds for one interval, ending in a line break, without keeping it: what a
    /// caller streaming the log writes after the ``header(startTimeMillis:comments:)``.
    ///
    /// Throws when the tag is invalid (as Java does) or the histogram cannot be compressed.
    public func line(
        _ histogram: HDRHistogram,
        startSeconds: Double,
        lengthSeconds: Double,
        tag: String? = nil
    ) throws(HDRCodecError) -> String {
        if let tag, !Self.isValidTag(tag) {
            throw HDRCodecError(
                .badLayout,
                "log tag \"\(tag)\" cannot be empty or contain commas, spaces or line breaks"
            )
        }
        let payload = try histogram.encodedBase64()
        var line = tag.map { "Tag=\($0)," } ?? ""
        line += JavaFixedFormat.fixed(startSeconds, decimals: 3) + ","
        line += JavaFixedFormat.fixed(lengthSeconds, decimals: 3) + ","
        line += JavaFixedFormat.fixed(Double(histogram.max) / maxValueUnitRatio, decimals: 3) + ","
        return line + payload + "\n"
    }

    /// Java's `Date.toString()` in UTC: `EEE MMM dd HH:mm:ss zzz yyyy`, e.g. `Tue Nov 14 22:13:20 UTC 2023`.
    public static func javaDateString(millis: Int64) -> String {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let weekday = Int(((days % 7) + 11) % 7)  // 1970-01-01 was a Thursday
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let time = "\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))"
        return "\(names[weekday]) \(months[Int(month) - 1]) \(two(day)) \(time) UTC \(year)"
    }
}
