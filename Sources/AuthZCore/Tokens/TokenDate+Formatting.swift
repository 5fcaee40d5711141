extension TokenDate {
    /// The date in the wire layout with its own offset, e.g. `2011/03/19 02:29:34 GMT +0200`.
    ///
    /// Years outside 0000...9999 are written with more digits or a minus sign; such text does not
    /// parse back.
    public var formatted: String {
        String(unsafeUninitializedCapacity: 40) { buffer in
            write(to: buffer.baseAddress!)
        }
    }

    /// Writes the wire layout at `out` (at least 40 bytes of room) and returns the byte count.
    func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
        let offset = Int64(utcOffsetMinutes)
        let local = epochMillis / 1_000 + offset * 60  // epochMillis is whole seconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let date = CivilCalendar.civil(days: days)
        var n = 0
        @inline(__always) func put(_ byte: UInt8) {
            out[n] = byte
            n += 1
        }
        @inline(__always) func two(_ value: Int64) {
            put(0x30 + UInt8(value / 10))
            put(0x30 + UInt8(value % 10))
        }
        var year = date.year
        if year < 0 {
            put(0x2D)
            year = -year
        }
        var digitCount = 4
        var rest = year / 10_000
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        for k in stride(from: digitCount - 1, through: 0, by: -1) {
            out[n + k] = 0x30 + UInt8(year % 10)
            year /= 10
        }
        n += digitCount
        put(0x2F)
        two(date.month)
        put(0x2F)
        two(date.day)
        put(0x20)
        two(secondOfDay / 3_600)
        put(0x3A)
        two(secondOfDay / 60 % 60)
        put(0x3A)
        two(secondOfDay % 60)
        put(0x20)
        put(0x47)
        put(0x4D)
        put(0x54)
        put(0x20)
        put(offset < 0 ? 0x2D : 0x2B)
        two(abs(offset) / 60)
        two(abs(offset) % 60)
        return n
    }
}
