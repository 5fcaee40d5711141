/// An instant with whole-second precision, plus the UTC offset it was written with.
///
/// The wire layout is the seed's `yyyy/MM/dd HH:mm:ss GMT +hhmm` (offset sign `+` or `-`), e.g.
/// `2011/03/19 02:29:34 GMT +0200`: local time 02:29:34 at UTC+2, i.e. 00:29:34 UTC. Years are
/// proleptic Gregorian, four digits (0000...9999). Equality compares the instant AND the offset, so
/// the same instant written with two offsets gives two unequal values (`-0000` equals `+0000`).
public struct TokenDate: Sendable, Hashable {
    /// The largest offset magnitude accepted, in minutes: 14 hours 59 minutes.
    public static let maxOffsetMinutes = 14 * 60 + 59
    /// The exact byte length of the wire layout.
    static let layoutLength = 29

    /// The instant, in milliseconds since the Unix epoch; always a whole number of seconds.
    public let epochMillis: Int64
    /// The offset from UTC the time is written in, in minutes (east positive).
    public let utcOffsetMinutes: Int

    /// Creates a date for the instant `epochMillis`, written at `utcOffsetMinutes` from UTC.
    ///
    /// The sub-second part is dropped (rounded toward the past). The offset must be within
    /// `±maxOffsetMinutes` (a precondition).
    public init(epochMillis: Int64, utcOffsetMinutes: Int = 0) {
        precondition(
            abs(utcOffsetMinutes) <= TokenDate.maxOffsetMinutes,
            "UTC offset out of range"
        )
        let remainder = epochMillis % 1_000
        self.epochMillis = epochMillis - (remainder < 0 ? remainder + 1_000 : remainder)
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Parses the wire layout from a string; `nil` unless it matches exactly.
    public init?(_ string: some StringProtocol) {
        let contiguous = string.utf8.withContiguousStorageIfAvailable {
            TokenDate.parse(UnsafeRawBufferPointer($0))
        }
        let parsed: TokenDate?
        if let contiguous {
            parsed = contiguous
        } else {
            parsed = Array(string.utf8).withUnsafeBytes { TokenDate.parse($0) }
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses the wire layout from raw bytes, without allocating; `nil` unless it matches exactly.
    ///
    /// Strict: exactly 29 bytes, valid month and day (leap years honoured), hour < 24, minute and
    /// second < 60, offset hours <= 14 and offset minutes < 60.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> TokenDate? {
        guard bytes.count == layoutLength, let base = bytes.baseAddress else { return nil }
        return parse(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// Parses the wire layout from `count` bytes at `p`.
    @inline(__always)
    static func parse(_ p: UnsafePointer<UInt8>, count: Int) -> TokenDate? {
        guard count == layoutLength else { return nil }
        // Separators: "yyyy/MM/dd HH:mm:ss GMT +hhmm"
        guard p[4] == 0x2F, p[7] == 0x2F, p[10] == 0x20, p[13] == 0x3A, p[16] == 0x3A,
            p[19] == 0x20, p[20] == 0x47, p[21] == 0x4D, p[22] == 0x54, p[23] == 0x20
        else { return nil }
        let sign: Int64
        switch p[24] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        var bad: UInt8 = 0
        @inline(__always) func digit(_ k: Int) -> Int64 {
            let v = p[k] &- 0x30
            bad |= v > 9 ? 1 : 0
            return Int64(v)
        }
        let year = digit(0) * 1_000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        let offsetHours = digit(25) * 10 + digit(26)
        let offsetMinutes = digit(27) * 10 + digit(28)
        guard bad == 0, month >= 1, month <= 12, day >= 1,
            day <= CivilCalendar.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60, offsetHours <= 14, offsetMinutes < 60
        else { return nil }
        let offset = sign * (offsetHours * 60 + offsetMinutes)
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let localSeconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return TokenDate(
            wholeSecondMillis: (localSeconds - offset * 60) * 1_000,
            utcOffsetMinutes: Int(offset)
        )
    }

    /// Creates a date from millis already known to be whole seconds and an in-range offset.
    @inline(__always)
    init(wholeSecondMillis: Int64, utcOffsetMinutes: Int) {
        self.epochMillis = wholeSecondMillis
        self.utcOffsetMinutes = utcOffsetMinutes
    }
}
