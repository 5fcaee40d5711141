import AuthZCore
import AuthZSimulation
import Foundation
import Testing

@Suite("TokenDate: the seed's date layout, by hand")
struct TokenDateTests {
    @Test func seedExample() throws {
        let date = try #require(TokenDate("2011/03/19 02:29:34 GMT +0200"))
        #expect(date.epochMillis == 1_300_494_574_000)  // 2011-03-19T00:29:34Z
        #expect(date.utcOffsetMinutes == 120)
        #expect(date.formatted == "2011/03/19 02:29:34 GMT +0200")
        #expect(date == TokenDate(epochMillis: 1_300_494_574_000, utcOffsetMinutes: 120))
    }

    @Test func negativeOffsetsAndDayRollover() throws {
        let date = try #require(TokenDate("2011/03/18 19:29:34 GMT -0500"))
        #expect(date.epochMillis == 1_300_494_574_000)
        #expect(date.utcOffsetMinutes == -300)
        #expect(date.formatted == "2011/03/18 19:29:34 GMT -0500")
        // Same instant, other offset: unequal values, equal instants.
        #expect(date != TokenDate("2011/03/19 02:29:34 GMT +0200"))
        #expect(TokenDate("2011/03/19 00:29:34 GMT -0000") == TokenDate(epochMillis: 1_300_494_574_000))
        #expect(TokenDate(epochMillis: 0, utcOffsetMinutes: -30).formatted == "1969/12/31 23:30:00 GMT -0030")
        #expect(TokenDate(epochMillis: 0, utcOffsetMinutes: 14 * 60 + 59).formatted == "1970/01/01 14:59:00 GMT +1459")
        #expect(TokenDate("1970/01/01 14:59:00 GMT +1459")?.epochMillis == 0)
    }

    @Test func leapYears() throws {
        #expect(TokenDate("2024/02/29 12:00:00 GMT +0000") != nil)
        #expect(TokenDate("2000/02/29 12:00:00 GMT +0000") != nil)
        #expect(TokenDate("2023/02/29 12:00:00 GMT +0000") == nil)
        #expect(TokenDate("1900/02/29 12:00:00 GMT +0000") == nil)
        #expect(TokenDate("2024/02/30 12:00:00 GMT +0000") == nil)
        let leapDay = try #require(TokenDate("2024/02/29 00:00:00 GMT +0000"))
        let marchFirst = try #require(TokenDate("2024/03/01 00:00:00 GMT +0000"))
        #expect(marchFirst.epochMillis - leapDay.epochMillis == 86_400_000)
    }

    @Test(arguments: [
        "2011/04/31 00:00:00 GMT +0000", "2011/00/10 00:00:00 GMT +0000",
        "2011/13/10 00:00:00 GMT +0000", "2011/01/00 00:00:00 GMT +0000",
        "2011/01/32 00:00:00 GMT +0000", "2011/01/01 24:00:00 GMT +0000",
        "2011/01/01 00:60:00 GMT +0000", "2011/01/01 00:00:60 GMT +0000",
        "2011/01/01 00:00:00 GMT +1500", "2011/01/01 00:00:00 GMT +0060",
        "2011/01/01 00:00:00 GMT -1500", "2011/01/01 00:00:00 GMT 00000",
        "2011/01/01 00:00:00 gmt +0000", "2011/01/01 00:00:00 UTC +0000",
        "2011/1/01 00:00:00 GMT +0000", "2011/01/01 0:00:00 GMT +0000",
        "2011/01/01 00:00:00 GMT +000", "2011/01/01 00:00:00 GMT +00:00",
        "2011/01/01 00:00:00 GMT+0000", "2011/01/01T00:00:00 GMT +0000",
        " 2011/01/01 00:00:00 GMT +0000", "2011/01/01 00:00:00 GMT +0000 ",
        "2011/01/01 00:00:00 GMT +0000\n", "-011/01/01 00:00:00 GMT +0000",
        "2011/01/01 00:00:0a GMT +0000", "２011/01/01 00:00:00 GMT +0000", "",
    ])
    func strictLayoutRejects(text: String) {
        #expect(TokenDate(text) == nil)
        #expect(Array(text.utf8).withUnsafeBytes { TokenDate.parse($0) } == nil)
    }

    @Test func subSecondsAreDroppedTowardThePast() {
        #expect(TokenDate(epochMillis: 1_999).epochMillis == 1_000)
        #expect(TokenDate(epochMillis: -1).epochMillis == -1_000)
        #expect(TokenDate(epochMillis: -1).formatted == "1969/12/31 23:59:59 GMT +0000")
        #expect(TokenDate("0000/01/01 00:00:00 GMT +0000")?.formatted == "0000/01/01 00:00:00 GMT +0000")
        #expect(TokenDate("9999/12/31 23:59:59 GMT -1459")?.formatted == "9999/12/31 23:59:59 GMT -1459")
    }

    @Test func substringsParseToo() {
        let line = "expires=2011/03/19 02:29:34 GMT +0200;"
        let inner = line.dropFirst(8).dropLast()
        #expect(TokenDate(inner)?.epochMillis == 1_300_494_574_000)
    }

    /// A formatter for the layout, as Foundation spells it.
    static func foundationFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = "yyyy/MM/dd HH:mm:ss 'GMT' Z"
        return formatter
    }

    @Test func agreesWithFoundationOnRandomInstantsAndOffsets() throws {
        let formatter = Self.foundationFormatter()
        var rng = SeededGenerator(seed: 0x70_4B_E4_DA_7E)
        // 1900...2199: well inside the proleptic Gregorian range Foundation also uses.
        let lowest: Int64 = -2_208_988_800
        let highest: Int64 = 7_258_118_399
        for _ in 0..<1_000 {
            let seconds = Int64.random(in: lowest...highest, using: &rng)
            let offset = Int.random(in: -(14 * 60 + 59)...(14 * 60 + 59), using: &rng)
            let ours = TokenDate(epochMillis: seconds * 1_000, utcOffsetMinutes: offset)
            formatter.timeZone = TimeZone(secondsFromGMT: offset * 60)
            let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
            let theirs = formatter.string(from: instant)
            #expect(ours.formatted == theirs)
            // Parse each other's text: same instant, and our parse keeps the offset.
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            let parsedByFoundation = try #require(formatter.date(from: ours.formatted))
            #expect(Int64(parsedByFoundation.timeIntervalSince1970) == seconds)
            let parsedByUs = try #require(TokenDate(theirs))
            #expect(parsedByUs == ours)
        }
    }
}
