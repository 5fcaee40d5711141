extension TokenScanner {
    /// Scans a text field from the cursor to the next `<` (where the cursor stops) and returns
    /// the text's range and whether it uses entities.
    ///
    /// The size limit is checked first, looking at no more than `maxFieldBytes + 1` bytes; only
    /// then is the text validated: UTF-8, the five entities, no control characters other than
    /// tab, CR and LF. Whitespace in text is kept as part of the value.
    @inline(__always)
    mutating func scanText(
        _ element: StaticString
    ) throws(TokenFormatError) -> (
        range: Range<Int>, hasEntities: Bool
    ) {
        let start = i
        let limit = min(count, start + TokenParser.maxFieldBytes + 1)
        var j = start
        var special: UInt64 = 0
        // Eight bytes at a time while no `<` shows up (SWAR: a byte's high bit flags a match).
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while j + 8 <= limit {
            let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
            let lt = word ^ (ones &* 0x3C)
            if (lt &- ones) & ~lt & highs != 0 { break }
            let amp = word ^ (ones &* 0x26)
            special |= ((amp &- ones) & ~amp) | ((word &- ones &* 0x20) & ~word) | word
            j += 8
        }
        while j < limit {
            let b = base[j]
            if b == 0x3C { break }
            special |= b < 0x20 || b == 0x26 || b >= 0x80 ? highs : 0
            j += 1
        }
        guard j < limit else {
            if j - start > TokenParser.maxFieldBytes {
                throw error(.fieldTooLarge(element.description), at: start)
            }
            throw truncated
        }
        i = j
        let hasEntities = special & highs != 0 ? try validateText(start..<j) : false
        return (start..<j, hasEntities)
    }

    /// Validates text that contains special bytes; returns whether it uses entities.
    func validateText(_ range: Range<Int>) throws(TokenFormatError) -> Bool {
        var j = range.lowerBound
        let end = range.upperBound
        var hasEntities = false
        while j < end {
            let b = base[j]
            if b >= 0x80 {
                j = try validateScalar(at: j, end: end)
            } else if b == 0x26 {
                j += try entityLength(at: j, end: end)
                hasEntities = true
            } else if TokenSchema.isRefusedControl(b) {
                throw error(.unexpectedCharacter, at: j)
            } else {
                j += 1
            }
        }
        return hasEntities
    }

    /// Validates one multi-byte UTF-8 scalar starting at `j` and returns the index after it.
    @inline(__always)
    func validateScalar(at j: Int, end: Int) throws(TokenFormatError) -> Int {
        let lead = base[j]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw error(.invalidUTF8, at: j)
        }
        guard j + length <= end else { throw error(.invalidUTF8, at: j) }
        let second = base[j + 1]
        guard second >= low && second <= high else { throw error(.invalidUTF8, at: j) }
        for k in 2..<max(length, 2) where base[j + k] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, at: j)
        }
        return j + length
    }

    /// The length of the predefined entity at `j` (on a `&`): `&amp; &lt; &gt; &quot; &apos;`.
    @inline(__always)
    func entityLength(at j: Int, end: Int) throws(TokenFormatError) -> Int {
        @inline(__always) func spells(_ name: StaticString) -> Bool {
            let n = name.utf8CodeUnitCount
            return j + 1 + n <= end && TokenSchema.equals(base + j + 1, n, name)
        }
        if spells("amp;") || spells("quot;") || spells("apos;") {
            return base[j + 1] == 0x61 && base[j + 2] == 0x6D ? 5 : 6
        }
        if spells("lt;") || spells("gt;") { return 4 }
        throw error(.badEntity, at: j)
    }

    /// The text of `range` as a string, decoding entities when `hasEntities`.
    ///
    /// The text must have passed `scanText`, so it is valid UTF-8 with well-formed entities.
    @inline(__always)
    func string(_ range: Range<Int>, hasEntities: Bool) -> String {
        let source = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        guard hasEntities else { return String(decoding: source, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: source.count) { out in
            var j = 0
            var o = 0
            while j < source.count {
                let b = source[j]
                guard b == 0x26 else {
                    out[o] = b
                    o += 1
                    j += 1
                    continue
                }
                switch source[j + 1] {
                case 0x6C:  // &lt;
                    out[o] = 0x3C
                    j += 4
                case 0x67:  // &gt;
                    out[o] = 0x3E
                    j += 4
                case 0x71:  // &quot;
                    out[o] = 0x22
                    j += 6
                default:
                    if source[j + 2] == 0x6D {  // &amp;
                        out[o] = 0x26
                        j += 5
                    } else {  // &apos;
                        out[o] = 0x27
                        j += 6
                    }
                }
                o += 1
            }
            return o
        }
    }
}
